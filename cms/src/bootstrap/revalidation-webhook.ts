/**
 * Registers (or updates) the CMS's webhooks: the one that tells the storefront to refresh its
 * cached copy of the content when a marketer creates, edits, publishes, unpublishes or deletes
 * an entry, and the ones that tell the commerce service of a member resource's publication
 * (docs/product.md#member-resources) and of a newsletter issue's
 * (docs/product.md#keeping-in-touch). Addresses and secrets come from the environment, so every
 * start re-applies them; a webhook whose secret is unset is removed.
 */
import type { Core } from '@strapi/strapi';
import { MEMBER_CONTENT_SECRET_HEADER } from '../commerce-secret';

export const REVALIDATION_WEBHOOK_NAME = 'Storefront revalidation';
export const MEMBER_CONTENT_WEBHOOK_NAME = 'Commerce member resources';
export const NEWSLETTER_WEBHOOK_NAME = 'Newsletter issues to the commerce service';

const EVENTS = [
  'entry.create',
  'entry.update',
  'entry.delete',
  'entry.publish',
  'entry.unpublish',
  'media.update',
  'media.delete',
];

interface SecretWebhook {
  name: string;
  url: string;
  /** The header that carries the secret, and the secret; unset, the webhook is removed. */
  header: string;
  secret: string | undefined;
  events: string[];
  /** What is lost without the secret, for the log. */
  withoutSecret: string;
}

/** Puts the named webhook in place with its secret, or removes it when the secret is unset. */
async function putWebhook(strapi: Core.Strapi, definition: SecretWebhook): Promise<void> {
  const { name, url, header, secret, events, withoutSecret } = definition;
  const store = strapi.get('webhookStore');
  const runner = strapi.get('webhookRunner');
  const existing = (await store.findWebhooks()).find(
    (webhook: { name: string }) => webhook.name === name,
  );
  if (!secret) {
    strapi.log.warn(withoutSecret);
    if (existing) {
      await store.deleteWebhook(existing.id);
      runner.remove(existing);
    }
    return;
  }
  const webhook = { name, url, headers: { [header]: secret }, events, isEnabled: true };
  if (existing) {
    runner.update(await store.updateWebhook(existing.id, webhook));
  } else {
    runner.add(await store.createWebhook(webhook));
  }
}

export function registerRevalidationWebhook(
  strapi: Core.Strapi,
  { storefrontUrl, secret }: { storefrontUrl: string; secret: string | undefined },
) {
  return putWebhook(strapi, {
    name: REVALIDATION_WEBHOOK_NAME,
    url: new URL('/api/revalidate', storefrontUrl).toString(),
    header: 'x-revalidate-secret',
    secret,
    events: EVENTS,
    withoutSecret:
      'REVALIDATE_SECRET is not set: the storefront refreshes CMS content on its timer only.',
  });
}

/**
 * Every entry's publication and withdrawal, and every replaced or deleted file, goes to the
 * commerce service, which keeps those of member resources: it reads their list again, and
 * e-mails a newly published one to the members.
 */
export function registerMemberContentWebhook(
  strapi: Core.Strapi,
  { commerceUrl, secret }: { commerceUrl: string; secret: string | undefined },
) {
  return putWebhook(strapi, {
    name: MEMBER_CONTENT_WEBHOOK_NAME,
    url: new URL('/api/member-content/published', commerceUrl).toString(),
    header: MEMBER_CONTENT_SECRET_HEADER,
    secret,
    events: ['entry.publish', 'entry.unpublish', 'entry.delete', 'media.update', 'media.delete'],
    withoutSecret:
      'MEMBER_CONTENT_SECRET is not set: no member resource or its files answer anyone.',
  });
}

/**
 * Every publication goes to the commerce service, which sends a newly published newsletter
 * issue (and nothing for any other entry, or an issue sent already): it takes the call as a
 * signal and reads the published issues back, so the entry in the body is not trusted.
 */
export function registerNewsletterWebhook(
  strapi: Core.Strapi,
  { commerceUrl, secret }: { commerceUrl: string; secret: string | undefined },
) {
  return putWebhook(strapi, {
    name: NEWSLETTER_WEBHOOK_NAME,
    url: new URL('/api/newsletter/issues/published', commerceUrl).toString(),
    header: MEMBER_CONTENT_SECRET_HEADER,
    secret,
    events: ['entry.publish'],
    withoutSecret:
      'MEMBER_CONTENT_SECRET is not set: a published newsletter issue is not sent to anyone.',
  });
}
