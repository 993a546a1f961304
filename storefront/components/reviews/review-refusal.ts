/**
 * What the review page and form say when the shop refuses a review link or a review
 * (docs/product.md#keeping-in-touch): a link used already (409), an order refunded since (410),
 * an altered link (404), or a field the shop found wrong (400, with the field's name). The shop
 * words its refusals in English, so an Italian page says the known ones in its own words.
 */
import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from '@aba-shop/contract/constants';
import { CommerceError } from '@/lib/commerce/client';
import { REVIEW_TEXTS, type ReviewLanguage } from './review-texts';

/** The form's fields a refusal can be about, by the names the form shows them under. */
export type ReviewField = 'rating' | 'text' | 'firstName' | 'childAge' | 'consent';

/** The request body's field names (POST /api/reviews), as the form's fields. */
const FIELD_OF_PATH: Readonly<Record<string, ReviewField>> = {
  rating: 'rating',
  text: 'text',
  firstName: 'firstName',
  childAge: 'childAge',
  consentToPublish: 'consent',
};

export interface ReviewRefusal {
  /** The field the refusal is about, when the shop named one the form shows. */
  field: ReviewField | null;
  text: string;
}

/** The first field the shop's 400 names, with its message, when the form has that field. */
function fieldIssueOf(body: unknown): ReviewRefusal | null {
  const issues = (body as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return null;
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    const field = typeof issue.path === 'string' ? FIELD_OF_PATH[issue.path] : undefined;
    if (field && typeof issue.message === 'string' && issue.message.trim())
      return { field, text: issue.message.trim() };
  }
  return null;
}

/** The page's own words for a field the shop refused, where it has them. */
function ownWordsFor({ field, text }: ReviewRefusal, language: ReviewLanguage): string {
  const words = REVIEW_TEXTS[language];
  if (field === 'rating') return words.ratingNeeded;
  if (field === 'text') return words.textLength(REVIEW_TEXT_MIN, REVIEW_TEXT_MAX);
  if (field === 'consent') return words.consentNeeded;
  return text;
}

/** What to say of a failed call to the shop, and where. */
export function reviewRefusalOf(error: unknown, language: ReviewLanguage): ReviewRefusal {
  const words = REVIEW_TEXTS[language];
  if (!(error instanceof CommerceError) || error.kind !== 'refused')
    return { field: null, text: words.noAnswer };
  if (error.status === 409) return { field: null, text: words.reviewed };
  const fieldIssue = error.status === 400 ? fieldIssueOf(error.body) : null;
  if (fieldIssue && language === 'en') return fieldIssue;
  if (fieldIssue) return { field: fieldIssue.field, text: ownWordsFor(fieldIssue, language) };
  if (language === 'en' && error.serverMessage) return { field: null, text: error.serverMessage };
  const known: Readonly<Record<number, string>> = {
    410: words.refunded,
    429: words.tooMany,
  };
  return { field: null, text: known[error.status ?? 0] ?? words.invalidLink };
}
