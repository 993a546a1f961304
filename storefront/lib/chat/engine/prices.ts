/**
 * The chat's one rule for an amount of money in a text ("$27.99", "€5", "30 dollars"). Only the
 * catalogue states the shop's prices: a content reply quotes none from any other passage
 * (retrieval-reply.ts), and a model's reply that names one its passages do not is replaced by
 * the content's (../server/chat-service.ts). Why: docs/adr/0020-chat-answers-from-shop-content.md.
 */
import type { Passage } from './passage';

/** A currency's sign before the number, or its name after it. */
const AMOUNT = /([$€£¥])\s?(\d[\d.,]*)|(\d[\d.,]*)\s?(dollars?|usd|eur|euros?|gbp|pounds?)\b/gi;

const CURRENCY_OF_NAME: Readonly<Record<string, string>> = {
  dollar: '$',
  usd: '$',
  eur: '€',
  euro: '€',
  gbp: '£',
  pound: '£',
};

interface Amount {
  /** As the text writes it. */
  written: string;
  /** The same for every way of writing it: "$1,000.00", "$1000" and "1000 dollars" agree. */
  value: string;
}

/** Every amount of money the text states, in order. */
export function amountsIn(text: string): Amount[] {
  return [...text.matchAll(AMOUNT)].map(([written, sign, signed, named, name]) => {
    const currency = sign ?? CURRENCY_OF_NAME[(name ?? '').toLowerCase().replace(/s$/, '')];
    const number = Number((signed ?? named ?? '').replace(/[.,]+$/, '').replace(/,/g, ''));
    return { written: written.trim().replace(/[.,]+$/, ''), value: `${currency}${number}` };
  });
}

const AMOUNT_ANYWHERE = new RegExp(AMOUNT.source, 'i');

/** Whether the text states an amount of money. */
export const statesPrice = (text: string) => AMOUNT_ANYWHERE.test(text);

/** The first amount the reply states that none of the passages it was given states. */
export function inventedPrice(reply: string, passages: readonly Passage[]): string | undefined {
  const known = new Set(passages.flatMap((passage) => amountsIn(passage.text)).map((a) => a.value));
  return amountsIn(reply).find(({ value }) => !known.has(value))?.written;
}
