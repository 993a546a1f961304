/** @jest-environment node */
import { CommerceError } from '@/lib/commerce/client';
import { reviewRefusalOf } from './review-refusal';

const refused = (status: number, message: string | null, body: unknown = null) =>
  new CommerceError('refused', status, message, body);
const fieldError = (path: string, message: string) =>
  refused(400, `Invalid body: ${path}: ${message}`, {
    message: `Invalid body: ${path}: ${message}`,
    issues: [{ path, message }],
  });

describe('what the review form says when the shop refuses', () => {
  it.each([
    [
      'a link used already',
      refused(409, 'conflict'),
      { field: null, text: 'You have already reviewed this eBook with this link. Thank you!' },
    ],
    [
      'an order refunded since, in the shop’s words',
      refused(410, 'This order was refunded, so it cannot be reviewed.'),
      { field: null, text: 'This order was refunded, so it cannot be reviewed.' },
    ],
    [
      'an altered link, in the shop’s words',
      refused(404, 'This review link is not valid.'),
      { field: null, text: 'This review link is not valid.' },
    ],
    [
      'a field the shop found wrong, at that field',
      fieldError('text', 'Your review must be at least 20 characters'),
      { field: 'text', text: 'Your review must be at least 20 characters' },
    ],
    [
      'the publish box, at the box',
      fieldError('consentToPublish', 'Tick the box to let us publish your review.'),
      { field: 'consent', text: 'Tick the box to let us publish your review.' },
    ],
    [
      'a field the form does not show, as one message',
      fieldError('token', 'token is required'),
      { field: null, text: 'Invalid body: token: token is required' },
    ],
    [
      'no answer at all',
      new CommerceError('no-answer', null, null),
      { field: null, text: 'We could not reach the shop. Please try again in a moment.' },
    ],
    [
      'a failure on the shop’s side',
      new CommerceError('failed', 503, 'The shop is temporarily unavailable.'),
      { field: null, text: 'We could not reach the shop. Please try again in a moment.' },
    ],
  ])('in English: %s', (_case, error, said) => {
    expect(reviewRefusalOf(error, 'en')).toEqual(said);
  });

  it.each([
    [
      'a link used already',
      refused(409, 'conflict'),
      null,
      'Hai già recensito questo eBook con questo link. Grazie!',
    ],
    [
      'an order refunded since',
      refused(410, 'This order was refunded, so it cannot be reviewed.'),
      null,
      'Questo ordine è stato rimborsato, quindi non si può recensire.',
    ],
    [
      'an altered link',
      refused(404, 'This review link is not valid.'),
      null,
      'Questo link per la recensione non è valido.',
    ],
    [
      'too many attempts',
      refused(429, 'Too many requests, please try again later.'),
      null,
      'Troppi tentativi: riprova tra qualche minuto.',
    ],
    [
      'a wrong rating, at the stars',
      fieldError('rating', 'Rating must be between 1 and 5 stars'),
      'rating',
      'Scegli un voto da 1 a 5 stelle.',
    ],
    [
      'a review too long, at the review',
      fieldError('text', 'Your review cannot exceed 1500 characters'),
      'text',
      'La recensione deve avere tra 20 e 1500 caratteri.',
    ],
  ])('on an Italian page, says %s in Italian', (_case, error, field, text) => {
    expect(reviewRefusalOf(error, 'it')).toEqual({ field, text });
  });
});
