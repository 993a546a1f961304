'use client';
/**
 * The subscription records as a table from the md breakpoint up and as cards below it
 * (docs/product.md#admin-subscription-records). Long ids are cut at 20 characters in the table and
 * 15 on cards; the full value sits in the `title` attribute.
 */
import type { SubscriptionRecord } from '@aba-shop/contract';
import { recordStatusText } from '@/lib/admin/record-status';
import {
  CARD_TRUNCATE_LENGTH,
  TABLE_TRUNCATE_LENGTH,
  truncateText,
} from '@/lib/admin/truncate-text';
import { AdminDate } from './admin-date';
import { AdminCard, AdminCards, AdminTable } from './admin-table';

export interface RecordActions {
  onEdit: (record: SubscriptionRecord) => void;
  onDelete: (record: SubscriptionRecord) => void;
}

type RecordListProps = RecordActions & { records: SubscriptionRecord[] };

function Truncated({ value, maxLength }: { value: string; maxLength: number }) {
  return <span title={value}>{truncateText(value, maxLength)}</span>;
}

function ActionButtons({
  record,
  onEdit,
  onDelete,
  wrap = true,
}: RecordActions & { record: SubscriptionRecord; wrap?: boolean }) {
  return (
    <div className={`flex gap-2 ${wrap ? 'flex-wrap' : ''}`}>
      <button
        type="button"
        onClick={() => onEdit(record)}
        aria-label={`Modifica il subscription record di ${record.email}`}
        className="rounded-md border border-emerald-700 px-3 py-1.5 text-sm font-semibold text-emerald-800 hover:bg-emerald-50"
      >
        Modifica
      </button>
      <button
        type="button"
        onClick={() => onDelete(record)}
        aria-label={`Elimina il subscription record di ${record.email}`}
        className="rounded-md border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
      >
        Elimina
      </button>
    </div>
  );
}

export function RecordTable({ records, ...actions }: RecordListProps) {
  return (
    <AdminTable
      columns={['ID', 'User ID', 'Email', 'Session ID', 'Stato', 'Data Creazione', 'Azioni']}
    >
      {records.map((record) => (
        <tr key={record.id} className="align-top hover:bg-slate-50">
          <td className="px-4 py-3 font-mono text-slate-700">{record.id}</td>
          <td className="px-4 py-3 font-mono">
            <Truncated value={record.user_id} maxLength={TABLE_TRUNCATE_LENGTH} />
          </td>
          <td className="px-4 py-3 [overflow-wrap:anywhere]">{record.email}</td>
          <td className="px-4 py-3 font-mono">
            <Truncated value={record.session_id} maxLength={TABLE_TRUNCATE_LENGTH} />
          </td>
          <td className="px-4 py-3">{recordStatusText(record)}</td>
          <td className="whitespace-nowrap px-4 py-3 text-slate-700">
            <AdminDate iso={record.created_at} />
          </td>
          <td className="px-4 py-3">
            <ActionButtons record={record} wrap={false} {...actions} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function RecordCards({ records, ...actions }: RecordListProps) {
  return (
    <AdminCards label="Subscription records">
      {records.map((record) => (
        <AdminCard
          key={record.id}
          email={record.email}
          dense
          facts={
            <>
              <dt className="text-slate-600">ID</dt>
              <dd className="font-mono">{record.id}</dd>
              <dt className="text-slate-600">User ID</dt>
              <dd className="font-mono">
                <Truncated value={record.user_id} maxLength={CARD_TRUNCATE_LENGTH} />
              </dd>
              <dt className="text-slate-600">Session ID</dt>
              <dd className="font-mono">
                <Truncated value={record.session_id} maxLength={CARD_TRUNCATE_LENGTH} />
              </dd>
              <dt className="text-slate-600">Stato</dt>
              <dd>{recordStatusText(record)}</dd>
              <dt className="text-slate-600">Data Creazione</dt>
              <dd>
                <AdminDate iso={record.created_at} />
              </dd>
            </>
          }
          actions={<ActionButtons record={record} {...actions} />}
        />
      ))}
    </AdminCards>
  );
}
