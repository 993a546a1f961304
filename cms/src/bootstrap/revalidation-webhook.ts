/**
 * Registers (or updates) the webhook that tells the storefront to refresh its cached copy of
 * the content when a marketer creates, edits, publishes, unpublishes or deletes an entry.
 * The address and the shared secret come from the environment, so every start re-applies them.
 */
import type { Core } from '@strapi/strapi';

export const REVALIDATION_WEBHOOK_NAME = 'Storefront revalidation';

const EVENTS = [
  'entry.create',
  'entry.update',
  'entry.delete',
  'entry.publish',
  'entry.unpublish',
  'media.update',
  'media.delete',
];

export async function registerRevalidationWebhook(
  strapi: Core.Strapi,
  { storefrontUrl, secret }: { storefrontUrl: string; secret: string | undefined },
) {
  const store = strapi.get('webhookStore');
  const runner = strapi.get('webhookRunner');
  const existing = (await store.findWebhooks()).find(
    (webhook: { name: string }) => webhook.name === REVALIDATION_WEBHOOK_NAME,
  );
  if (!secret) {
    strapi.log.warn(
      'REVALIDATE_SECRET is not set: the storefront refreshes CMS content on its timer only.',
    );
    if (existing) {
      await store.deleteWebhook(existing.id);
      runner.remove(existing);
    }
    return;
  }
  const webhook = {
    name: REVALIDATION_WEBHOOK_NAME,
    url: new URL('/api/revalidate', storefrontUrl).toString(),
    headers: { 'x-revalidate-secret': secret },
    events: EVENTS,
    isEnabled: true,
  };
  if (existing) {
    runner.update(await store.updateWebhook(existing.id, webhook));
  } else {
    runner.add(await store.createWebhook(webhook));
  }
}
