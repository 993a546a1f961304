/**
 * The built-in test checkout's pages (used when Stripe is not configured): the checkout, with
 * the lines, the total, an e-mail field, a promotion code, the consent box, and Pay and Cancel;
 * and the membership page that stands in for Stripe's customer portal.
 */
import { formatPrice } from '@aba-shop/service-kit/money';
import { escapeHtml } from '@aba-shop/service-kit/html-escape';
import { consentBasketOf, consentHtml, type StoredCheckoutSession } from '../checkout/service.ts';
import type { LocalPortalView } from '../memberships/service.ts';
import { CHECKOUT_NEWS_TEXT } from '../newsletter/service.ts';

/** The test checkout's pages share one plain shell: no script, the shop's origin only. */
function localPage(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ABA Parent Guides</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:24px}
main{max-width:480px;margin:0 auto;background:#fff;border-radius:16px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:1.4rem;margin:0 0 4px}p.note{color:#475569;font-size:.9rem;margin:0 0 20px}
table{width:100%;border-collapse:collapse;margin-bottom:16px}th,td{padding:8px 4px;border-bottom:1px solid #e2e8f0;text-align:left}
.n{text-align:right}tfoot td{font-weight:700;border-bottom:0}
label{display:block;font-weight:600;margin:16px 0 6px}input{width:100%;box-sizing:border-box;padding:12px;font-size:1rem;border:1px solid #94a3b8;border-radius:8px}
.consent{display:flex;gap:10px;align-items:flex-start;font-weight:400;line-height:1.4}.consent input{width:22px;height:22px;margin:2px 0 0;flex:none}
a{color:#1d4ed8}
button{width:100%;padding:14px;font-size:1rem;font-weight:700;border-radius:8px;border:0;cursor:pointer;margin-top:12px}
.pay{background:#047857;color:#fff}.cancel{background:#fff;color:#334155;border:1px solid #94a3b8}
.error{background:#fef2f2;color:#991b1b;padding:12px;border-radius:8px}
</style>
</head>
<body>
<main>
${main}</main>
</body>
</html>`;
}

export function renderLocalCheckoutPage(
  page: {
    session: StoredCheckoutSession;
    /** Whether the buyer must accept the terms and immediate delivery. */
    consent: boolean;
    error?: string | undefined;
    /** What the buyer entered, kept when the page comes back with a message. */
    form?:
      { email: string; promotionCode?: string | undefined; news?: string | undefined } | undefined;
  },
  storefrontUrl: string,
): string {
  const { session, error, form } = page;
  const rows = session.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)}</td><td class="n">${line.quantity}</td><td class="n">${formatPrice(line.unitAmount * line.quantity, session.currency)}</td></tr>`,
    )
    .join('');
  const action = `/api/checkout/local/${encodeURIComponent(session.id)}`;
  return localPage(
    'Test checkout',
    `<h1>Test checkout</h1>
<p class="note">This shop runs without a payment provider: no card is needed and nothing is charged.</p>
<table>
<thead><tr><th>Product</th><th class="n">Qty</th><th class="n">Amount</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><td colspan="2">Total</td><td class="n">${formatPrice(session.amount_total, session.currency)}</td></tr></tfoot>
</table>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}/pay">
<label for="email">E-mail for your receipt and downloads</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="320" value="${escapeHtml(form?.email ?? '')}">
<label for="promotionCode">Promotion code (optional)</label>
<input id="promotionCode" name="promotionCode" type="text" autocomplete="off" autocapitalize="characters" maxlength="64" value="${escapeHtml(form?.promotionCode ?? '')}">
${page.consent ? `<label class="consent"><input name="terms" type="checkbox" value="accepted" required> <span>${consentHtml(storefrontUrl, consentBasketOf(session.lines))}</span></label>` : ''}
<label class="consent"><input name="news" type="checkbox" value="yes"${form?.news === 'yes' ? ' checked' : ''}> <span>${escapeHtml(CHECKOUT_NEWS_TEXT)}</span></label>
<button class="pay" type="submit">Pay</button>
<button class="cancel" type="submit" formaction="${action}/cancel" formnovalidate>Cancel</button>
</form>
`,
  );
}

/** The test checkout's stand-in for Stripe's customer portal (docs/product.md#the-membership). */
export function renderLocalPortalPage(
  view: (LocalPortalView & { action: string }) | { error: string; accountUrl: string },
): string {
  const back = `<p><a href="${escapeHtml(view.accountUrl)}">Back to your account</a></p>`;
  if ('error' in view) {
    return localPage(
      'Your membership',
      `<h1>Your membership</h1>\n<p class="error" role="alert">${escapeHtml(view.error)}</p>\n${back}`,
    );
  }
  const periodEnd = view.currentPeriodEnd
    ? new Date(view.currentPeriodEnd).toLocaleDateString('en-US', { dateStyle: 'long' })
    : null;
  const state =
    view.status === 'canceled'
      ? 'Your membership has ended.'
      : view.cancelAtPeriodEnd
        ? `Your membership is cancelled: it stays active until ${periodEnd ?? 'the end of the period'}, then ends.`
        : view.status === 'past_due'
          ? 'Your last payment failed: please update your payment details.'
          : `Your membership is active${periodEnd ? ` and renews on ${periodEnd}` : ''}.`;
  const button =
    view.status === 'canceled'
      ? ''
      : view.cancelAtPeriodEnd
        ? `<form method="post" action="${escapeHtml(view.action)}/resume"><button class="pay" type="submit">Keep my membership</button></form>`
        : `<form method="post" action="${escapeHtml(view.action)}/cancel"><button class="cancel" type="submit">Cancel membership</button></form>`;
  return localPage(
    'Your membership',
    `<h1>Your membership</h1>
<p class="note">Test checkout: this page stands in for the payment provider's membership page.</p>
<p role="status">${escapeHtml(state)}</p>
${button}
${back}`,
  );
}
