/**
 * A stand-in for Stripe.js (the script @stripe/stripe-js loads from js.stripe.com) in jsdom,
 * which loads no scripts. Imported before @stripe/stripe-js, it defines `window.Stripe`, which the
 * loader then uses as the loaded script, and records what the page asks of it: the publishable
 * key, the client secret, where the form was mounted and whether it was destroyed.
 */
import type { StripeEmbeddedCheckoutOptions } from '@stripe/stripe-js';

export const stripeJs = {
  publishableKeys: [] as string[],
  options: [] as StripeEmbeddedCheckoutOptions[],
  mountedInto: [] as HTMLElement[],
  destroyed: 0,
  /** Makes createEmbeddedCheckoutPage fail, as Stripe.js does for a secret it does not accept. */
  refusal: null as Error | null,
  reset() {
    Object.assign(stripeJs, { publishableKeys: [], options: [], mountedInto: [], destroyed: 0 });
    stripeJs.refusal = null;
  },
};

const standIn = (publishableKey: string) => {
  stripeJs.publishableKeys.push(publishableKey);
  return {
    async createEmbeddedCheckoutPage(options: StripeEmbeddedCheckoutOptions) {
      if (stripeJs.refusal) throw stripeJs.refusal;
      stripeJs.options.push(options);
      return {
        mount(into: HTMLElement) {
          stripeJs.mountedInto.push(into);
          into.textContent = `Stripe's payment form for ${options.clientSecret}`;
        },
        unmount() {},
        destroy() {
          stripeJs.destroyed += 1;
        },
      };
    },
  };
};

// The release of Stripe.js that this @stripe/stripe-js expects, so it does not warn.
(window as unknown as { Stripe: unknown }).Stripe = Object.assign(standIn, { version: 'endive' });
