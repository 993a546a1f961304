/**
 * An order's 'Registro attività' (docs/product.md#admin-orders): every administrator action on
 * it, newest first, with when, who, what and the state before and after.
 */
import type { AuditEntry } from '@aba-shop/contract';
import { AUDIT_ACTION_TEXT, auditStateText } from '@/lib/admin/audit-text';
import { AdminDate } from './admin-date';
import { Fact } from './admin-table';

export function AuditTrail({ entries }: { entries: AuditEntry[] }) {
  return (
    <section aria-labelledby="audit-heading" className="space-y-3">
      <h2 id="audit-heading" className="text-xl font-semibold text-slate-900">
        Registro attività
      </h2>
      {entries.length === 0 ? (
        <p className="text-slate-600">Nessuna azione registrata su questo ordine.</p>
      ) : (
        <ol className="space-y-3" aria-label="Azioni sull'ordine, dalla più recente">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-2xl border border-slate-200 p-4 text-sm">
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <Fact term="Data">
                  <AdminDate iso={entry.at} />
                </Fact>
                <Fact term="Amministratore">{entry.actor}</Fact>
                <Fact term="Azione">
                  <span className="font-semibold">{AUDIT_ACTION_TEXT[entry.action]}</span>
                </Fact>
                <Fact term="Prima → dopo">
                  {auditStateText(entry.before)} <span aria-hidden="true">→</span>
                  <span className="sr-only"> diventa</span> {auditStateText(entry.after)}
                </Fact>
              </dl>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
