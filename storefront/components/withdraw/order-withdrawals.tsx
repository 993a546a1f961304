'use client';
/**
 * An order's 'Recesso' in the support console (docs/product.md#withdrawal): when the consumer
 * withdrew, how they named the contract, in which language, and the refund: made, or pending
 * with the last attempt and Stripe's answer. Nothing shows for an order without one.
 */
import useSWR from 'swr';
import { formatPrice } from '@aba-shop/service-kit/money';
import { AdminDate } from '@/components/admin/admin-date';
import { Fact } from '@/components/admin/admin-table';
import { adminWithdrawalsPath, fetchOrderWithdrawals } from '@/lib/commerce/api/withdrawals';

const CHANNEL_TEXT = {
  account: 'dal suo account',
  reference: 'con e-mail e riferimento ordine',
} as const;

const LANGUAGE_TEXT = { en: 'inglese', it: 'italiano' } as const;

export function OrderWithdrawals({ orderId }: { orderId: string }) {
  const { data } = useSWR(adminWithdrawalsPath(orderId), () => fetchOrderWithdrawals(orderId), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  // The audit trail names the withdrawal too: a list that cannot load leaves the view as it is.
  if (!data || data.items.length === 0) return null;
  return (
    <section aria-labelledby="withdrawal-heading" className="space-y-3">
      <h2 id="withdrawal-heading" className="text-xl font-semibold text-slate-900">
        Recesso
      </h2>
      {data.items.map((withdrawal) => (
        <dl
          key={withdrawal.withdrawalId}
          className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm"
        >
          <Fact term="Ricevuto">
            <AdminDate iso={withdrawal.receivedAt} />
          </Fact>
          <Fact term="Contratto">{withdrawal.productName}</Fact>
          <Fact term="Inviato">
            {CHANNEL_TEXT[withdrawal.channel]}, in {LANGUAGE_TEXT[withdrawal.language]}
          </Fact>
          {withdrawal.outcome === 'unconfirmed' ? (
            <Fact term="Esito">
              In attesa di conferma: chiesto senza accesso, ha effetto quando il cliente lo conferma
              dal link inviato al suo indirizzo. Abbonamento ancora attivo, nessun rimborso.
            </Fact>
          ) : (
            <>
              <Fact term="Esito">
                {withdrawal.outcome === 'refunded' ? 'Rimborsato' : 'Rimborso in attesa di'}{' '}
                {formatPrice(withdrawal.amountRefunded, withdrawal.currency)}, abbonamento terminato
              </Fact>
              {withdrawal.outcome === 'refunded' ? (
                <Fact term="Rimborso">
                  {withdrawal.refundId ?? 'checkout di prova: nessun pagamento'}
                </Fact>
              ) : (
                <Fact term="Rimborso">
                  Non ancora eseguito: il negozio riprova ogni pochi minuti.
                  {withdrawal.refundAttemptedAt ? (
                    <>
                      {' '}
                      Ultimo tentativo: <AdminDate iso={withdrawal.refundAttemptedAt} />.
                    </>
                  ) : null}
                  {withdrawal.refundError ? (
                    <span className="block">Risposta di Stripe: {withdrawal.refundError}</span>
                  ) : null}
                </Fact>
              )}
            </>
          )}
        </dl>
      ))}
    </section>
  );
}
