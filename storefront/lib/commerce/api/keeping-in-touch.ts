/**
 * The browser's calls of keeping in touch (docs/product.md#keeping-in-touch): the newsletter's
 * sign-up, the unsubscribe page's button, and a verified buyer's review.
 */
import type {
  NewsletterLanguage,
  NewsletterSignUpResponse,
  NewsletterUnsubscribeResponse,
} from '@aba-shop/contract';
import { NEWSLETTER_CONSENT_VERSION } from '@aba-shop/contract/constants';
import { callCommerce } from '../client';
import newsletterSignUp from '../contract-schemas/newsletter-sign-up.json';
import newsletterUnsubscribe from '../contract-schemas/newsletter-unsubscribe.json';
import reviewSent from '../contract-schemas/review-sent.json';
import { jsonSchemaAnswer } from '../json-schema-answer';

export const signUpForNewsletter = (signUp: {
  email: string;
  source: 'footer' | 'blog';
  language: NewsletterLanguage;
  /** The hidden field people never fill in. */
  website: string;
}) =>
  callCommerce({
    path: '/api/newsletter/subscribers',
    method: 'POST',
    body: { ...signUp, consent: true, consentVersion: NEWSLETTER_CONSENT_VERSION },
    answer: jsonSchemaAnswer<NewsletterSignUpResponse>(newsletterSignUp),
  });

export const unsubscribeFromMail = (token: string) =>
  callCommerce({
    path: `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
    method: 'POST',
    answer: jsonSchemaAnswer<NewsletterUnsubscribeResponse>(newsletterUnsubscribe),
  });

export interface ReviewFields {
  token: string;
  rating: number;
  text: string;
  firstName: string;
  childAge: string;
}

export const sendReview = (review: ReviewFields) =>
  callCommerce({
    path: '/api/reviews',
    method: 'POST',
    body: { ...review, consentToPublish: true },
    answer: jsonSchemaAnswer<{ message: string }>(reviewSent),
  });
