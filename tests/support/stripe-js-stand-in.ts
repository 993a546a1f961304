/**
 * A stand-in for Stripe.js, served by the journeys in place of https://js.stripe.com/… (this
 * machine cannot reach Stripe). It offers the part of Stripe.js that the pay page uses,
 * `Stripe(publishableKey).createEmbeddedCheckoutPage({ clientSecret })`, whose `mount` renders a
 * recognisable payment form naming the client secret and the key it was given. Its Pay button
 * asks the journey (`window.completeFakeCheckout`, exposed by the test) to have the fake Stripe
 * mark the session paid, then goes to the return URL the journey answers, as Stripe's form does.
 */
import type { Page } from '@playwright/test';

/** Runs in the page, as the script js.stripe.com would serve. */
function defineStripe() {
  type Options = { clientSecret?: string; fetchClientSecret?: () => Promise<string> };
  const page = window as unknown as {
    Stripe: unknown;
    completeFakeCheckout(clientSecret: string): Promise<string>;
  };
  const text = (tag: string, content: string) => {
    const element = document.createElement(tag);
    element.textContent = content;
    return element;
  };
  const Stripe = (publishableKey: string) => ({
    async createEmbeddedCheckoutPage(options: Options) {
      const clientSecret = options.clientSecret ?? (await options.fetchClientSecret?.()) ?? '';
      let form: HTMLElement | null = null;
      return {
        mount(target: string | HTMLElement) {
          const into = typeof target === 'string' ? document.querySelector(target) : target;
          form = document.createElement('div');
          const pay = text('button', 'Pay');
          pay.addEventListener('click', async () => {
            window.location.assign(await page.completeFakeCheckout(clientSecret));
          });
          form.append(
            text('h2', 'Test payment form'),
            text('p', `Client secret: ${clientSecret}`),
            text('p', `Publishable key: ${publishableKey}`),
            pay,
          );
          into?.append(form);
        },
        unmount: () => form?.remove(),
        destroy: () => form?.remove(),
      };
    },
  });
  // The release of Stripe.js that @stripe/stripe-js expects, so it does not warn.
  page.Stripe = Object.assign(Stripe, { version: 'endive' });
}

/** Serves the stand-in for every script of js.stripe.com the page loads. */
export async function serveStripeJsStandIn(page: Page) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: `(${defineStripe.toString()})();` }),
  );
}
