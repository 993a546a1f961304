/**
 * The retention periods are set once, in ./constants.ts; the privacy policy the CMS is seeded
 * with must say the same (docs/product.md#your-data).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ACCOUNTING_RETENTION_YEARS,
  CONTACT_MESSAGE_RETENTION_DAYS,
  DOWNLOAD_HISTORY_RETENTION_DAYS,
  SENT_MAIL_RETENTION_DAYS,
  SIGN_IN_RECORD_RETENTION_DAYS,
} from './constants.ts';
import { erasureRequestBodySchema } from './privacy.ts';

const SEED = path.join(import.meta.dirname, '../../../cms/data/legal-pages.json');

function privacyPolicyText(): string {
  const pages = JSON.parse(readFileSync(SEED, 'utf8')) as {
    key: string;
    sections: { body: string }[];
  }[];
  const policy = pages.find((page) => page.key === 'privacy-policy');
  return (policy?.sections ?? []).map((section) => section.body).join('\n');
}

describe('the retention periods', () => {
  it.each([
    ['Contact messages', `deleted ${CONTACT_MESSAGE_RETENTION_DAYS} days after you send them`],
    [
      'Download history',
      `cleared ${DOWNLOAD_HISTORY_RETENTION_DAYS} days after your last download`,
    ],
    ['Sign-in records', `deleted after ${SIGN_IN_RECORD_RETENTION_DAYS} days`],
    ['E-mails we sent you', `${SENT_MAIL_RETENTION_DAYS} days after sending`],
    ['Orders and your account', `for ${ACCOUNTING_RETENTION_YEARS} years from the order`],
  ])('are what the seeded privacy policy says of %s', (kind, period) => {
    const line = privacyPolicyText()
      .split('\n')
      .find((text) => text.includes(`**${kind}**`));
    expect(line).toContain(period);
  });
});

describe('the erasure request', () => {
  it('needs the explicit confirmation', () => {
    expect(erasureRequestBodySchema.safeParse({ confirm: true }).success).toBe(true);
    for (const body of [{}, { confirm: false }, { confirm: 'true' }]) {
      expect(erasureRequestBodySchema.safeParse(body).success).toBe(false);
    }
  });
});
