/**
 * The payment provider of a shop without Stripe: its checkout page is this service's own
 * (routes.ts), and its sessions live only in the shop's checkout_sessions table.
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { PaymentProvider } from '../checkout/service.ts';
import { localPortalUrl } from '../memberships/service.ts';

export function createLocalProvider(config: Config): PaymentProvider {
  return {
    name: 'local',
    async createSession() {
      const id = `cs_local_${randomBytes(24).toString('base64url')}`;
      return { id, url: new URL(`/api/checkout/local/${id}`, config.STOREFRONT_URL).toString() };
    },
    // The local provider's state is the shop's own checkout_sessions table.
    async retrieveSession() {
      return null;
    },
    async listLineItems() {
      return [];
    },
    // The Pay button fulfils by itself; nothing calls a webhook.
    verifyWebhookEvent() {
      throw new Error('The local test checkout sends no webhook events');
    },
    // The test checkout took no money: its refund is the order's record alone.
    async refundAndEndSubscription() {
      return { refundId: null };
    },
    async refundPayment() {
      return { refundId: null };
    },
    // Nothing was charged to a card, so no bank can dispute it.
    async submitDisputeEvidence() {
      throw new Error('The test checkout takes no money, so it has no disputes');
    },
    // The shop's own page stands in for Stripe's customer portal.
    async createPortalSession({ subscriptionId }) {
      return localPortalUrl(config, subscriptionId);
    },
  };
}
