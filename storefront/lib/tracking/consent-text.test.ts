import { createHash } from 'node:crypto';
import { CONSENT_TEXT_VERSION } from '@aba-shop/contract/constants';
import { CONSENT_TEXT } from './consent-text';

/**
 * What each text version said, as a digest of the banner's purpose in both languages. A new
 * text needs a new version here and in the contract, so no record ever names a text that was
 * not the one shown.
 */
const DIGESTS: Record<string, string> = {
  '2026-11-27': 'f9c176d6feb95a4ddd1cd634ffdfdf034fdfc507944ef11b7d478960480c6c7b',
};

it('names the banner text in force by its version', () => {
  const digest = createHash('sha256')
    .update(JSON.stringify([CONSENT_TEXT.en.purpose, CONSENT_TEXT.it.purpose]))
    .digest('hex');
  expect(DIGESTS[CONSENT_TEXT_VERSION]).toBe(digest);
});
