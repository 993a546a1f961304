/**
 * The built-in test checkout page (used when Stripe is not configured): the lines, the total,
 * an e-mail field, and Pay and Cancel.
 */
import type { StoredCheckoutSession } from '../checkout/repository.ts';
import { escapeHtml } from '../mail/templates.ts';
import { formatAmount } from '../orders/fulfilment.ts';

export function renderLocalCheckoutPage(session: StoredCheckoutSession, error?: string): string {
  const rows = session.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)}</td><td class="n">${line.quantity}</td><td class="n">${formatAmount(line.unitAmount * line.quantity, session.currency)}</td></tr>`,
    )
    .join('');
  const action = `/api/checkout/local/${encodeURIComponent(session.id)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Test checkout | ABA Parent Guides</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:24px}
main{max-width:480px;margin:0 auto;background:#fff;border-radius:16px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:1.4rem;margin:0 0 4px}p.note{color:#475569;font-size:.9rem;margin:0 0 20px}
table{width:100%;border-collapse:collapse;margin-bottom:16px}th,td{padding:8px 4px;border-bottom:1px solid #e2e8f0;text-align:left}
.n{text-align:right}tfoot td{font-weight:700;border-bottom:0}
label{display:block;font-weight:600;margin:16px 0 6px}input{width:100%;box-sizing:border-box;padding:12px;font-size:1rem;border:1px solid #94a3b8;border-radius:8px}
button{width:100%;padding:14px;font-size:1rem;font-weight:700;border-radius:8px;border:0;cursor:pointer;margin-top:12px}
.pay{background:#047857;color:#fff}.cancel{background:#fff;color:#334155;border:1px solid #94a3b8}
.error{background:#fef2f2;color:#991b1b;padding:12px;border-radius:8px}
</style>
</head>
<body>
<main>
<h1>Test checkout</h1>
<p class="note">This shop runs without a payment provider: no card is needed and nothing is charged.</p>
<table>
<thead><tr><th>Product</th><th class="n">Qty</th><th class="n">Amount</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><td colspan="2">Total</td><td class="n">${formatAmount(session.amount_total, session.currency)}</td></tr></tfoot>
</table>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}/pay">
<label for="email">E-mail for your receipt and downloads</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="320">
<button class="pay" type="submit">Pay</button>
</form>
<form method="post" action="${action}/cancel">
<button class="cancel" type="submit">Cancel</button>
</form>
</main>
</body>
</html>`;
}
