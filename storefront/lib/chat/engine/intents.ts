/**
 * What a message asks besides its words: a follow-up to the question before it, medical advice,
 * therapy, a product the shop may not sell, a word's meaning. The reply is composed by what they
 * say (retrieval-reply.ts, passage-choice.ts; docs/product.md#chat-assistant). The greeting is
 * greeting.ts's.
 */

/** A question this short, or opening like this, continues the previous one. */
export const FOLLOW_UP_OPENING =
  /^(?:and|or|but|also|what about|how about|what if|same|then|so|ok(?:ay)?|is that|does that|do they|is it|can it|will it)\b/i;
const FOLLOW_UP_MAX_TERMS = 2;

export function isFollowUp(message: string, terms: string[]): boolean {
  return FOLLOW_UP_OPENING.test(message.trim()) || terms.length <= FOLLOW_UP_MAX_TERMS;
}

/**
 * Medicines, treatment or a diagnosis asked for: the reply gives no content of its own, only
 * the safety line and the disclaimer. A diagnosis merely mentioned ("do you need my child's
 * diagnosis?") is no request for one; it brings the disclaimer alone.
 */
export const MEDICAL = new RegExp(
  [
    /\b(?:medica\w*|medicine\w*|meds|melatonin|risperidone|ritalin|dose|dosage|pills?|prescri\w*|cure\w*|vaccin\w*|supplement\w*|diet)\b/,
    /\b(?:diagnose|diagnosing)\b/,
    /\b(?:is|are|be|if|whether) (?:(?:my|our) \w+|he|she|they) (?:\w+ )?(?:autistic|on the spectrum)\b/,
    /\b(?:(?:does|do|could|might|may) (?:(?:my|our) \w+|he|she|they) (?:\w+ )?have autism|autistic or not|signs? of autism)\b/,
  ]
    .map(({ source }) => source)
    .join('|'),
  'i',
);
export const THERAPY =
  /\b(?:therap\w*|bcba|clinician\w*|psycholog\w*|psychiatr\w*|doctor\w*|paediatrician|pediatrician|diagnos\w*)\b/i;

/**
 * Whether the shop has, or will have, a product: only the catalogue and the chapters say what
 * the shop sells, so a blog post that mentions the topic is no "yes".
 */
export const PRODUCT_QUESTION =
  /\b(?:(?:do|will|would|did) you (?:have|sell|offer|make|do|stock)|is there) (?:a|an|any|one|some)\b|\b(?:next|new|upcoming|another|future) (?:e?books?|guides?|books?|products?|titles?)\b|\b(?:coming out|release date|be released|launch\w*)\b/i;

/** "What does BCBA stand for?", "what is reinforcement?": the word asked about. */
export const DEFINITION =
  /\bwhat (?:does|do|is|are|'s) (?:an? |the )?([\p{L}][\p{L}-]*) (?:stand for|mean)\b|\bwhat(?: is|'s|s) (?:an? )?([\p{L}][\p{L}-]*)\s*\?|\b(?:meaning|definition) of (?:an? |the )?([\p{L}][\p{L}-]*)/iu;
