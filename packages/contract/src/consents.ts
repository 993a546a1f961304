/**
 * Consent records (docs/product.md#cookie-consent), shared with the storefront: the version of
 * the cookie banner's text that is in force, and what the browser sends when the visitor
 * accepts, declines or withdraws, so the shop can prove what was agreed to and when.
 */
import { z } from 'zod';
import { CONSENT_TEXT_VERSION } from './constants.ts';

/** The visitor's answer: to accept, to decline, or to take back an earlier acceptance. */
export const consentChoiceSchema = z.enum(['accepted', 'declined', 'withdrawn']);
export type ConsentChoice = z.infer<typeof consentChoiceSchema>;

/** The language of the page the banner was answered on (its text was in that language). */
export const consentLanguageSchema = z.enum(['en', 'it']);
export type ConsentLanguage = z.infer<typeof consentLanguageSchema>;

export const consentRecordBodySchema = z.object({
  /** The random id this browser keeps for its answers, so they can be told apart and linked. */
  consentId: z.uuid('consentId must be a UUID'),
  choice: consentChoiceSchema,
  textVersion: z.literal(CONSENT_TEXT_VERSION, {
    error: `textVersion must be the banner text in force (${CONSENT_TEXT_VERSION})`,
  }),
  language: consentLanguageSchema,
});
export type ConsentRecordBody = z.infer<typeof consentRecordBodySchema>;

/** A stored answer. `recordedAt` is the service's clock, not the browser's. */
export const consentRecordSchema = z.object({
  consentId: z.string(),
  choice: consentChoiceSchema,
  textVersion: z.string(),
  language: consentLanguageSchema,
  recordedAt: z.string(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;
