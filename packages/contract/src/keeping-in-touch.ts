/**
 * Keeping in touch with consent (docs/product.md#keeping-in-touch), shared with the storefront
 * and the CMS: the newsletter's sign-up, confirmation and one-click unsubscribe, and the reviews
 * verified buyers write from the link their review request carries.
 */
import { z } from 'zod';
import { CHILD_AGES } from './contact-choices.ts';
import { NEWSLETTER_CONSENT_VERSION, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from './constants.ts';

/** Where an address asked to join: the footer's form, the blog's, or the checkout's news box. */
export const NEWSLETTER_SOURCES = ['footer', 'blog', 'checkout'] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

/** The language of the page a sign-up came from: its confirmation e-mail is in it. */
export const newsletterLanguageSchema = z.enum(['en', 'it']);
export type NewsletterLanguage = z.infer<typeof newsletterLanguageSchema>;

/** `POST /api/newsletter/subscribers`: the footer's or the blog's form. */
export const newsletterSignUpBodySchema = z.object({
  email: z.string('Email is required').trim().pipe(z.email('Email is not a valid email').max(320)),
  source: z.enum(['footer', 'blog'], 'source must be footer or blog'),
  language: newsletterLanguageSchema.default('en'),
  /** The box the visitor ticked; the sign-up is refused without it. */
  consent: z.literal(true, 'Tick the box to agree to receive the newsletter.'),
  consentVersion: z.literal(NEWSLETTER_CONSENT_VERSION, {
    error: `consentVersion must be the sign-up text in force (${NEWSLETTER_CONSENT_VERSION})`,
  }),
  /** A field people never see: bots fill it in. */
  website: z.string().max(500).optional(),
});
export type NewsletterSignUpBody = z.infer<typeof newsletterSignUpBodySchema>;

/** The same answer for a new, a waiting and an already subscribed address, so none is told apart. */
export const newsletterSignUpResponseSchema = z.object({ message: z.string() });
export type NewsletterSignUpResponse = z.infer<typeof newsletterSignUpResponseSchema>;

/** `POST /api/newsletter/confirm`: the confirmation link's token. */
export const newsletterConfirmBodySchema = z.object({
  token: z.string('token is required').min(1, 'token is required').max(1024),
});
export const newsletterConfirmResponseSchema = z.object({
  email: z.string(),
  status: z.literal('confirmed'),
});
export type NewsletterConfirmResponse = z.infer<typeof newsletterConfirmResponseSchema>;

/**
 * `POST /api/newsletter/unsubscribe?token=…`: the one-click unsubscribe of RFC 8058 (a mail
 * client posts `List-Unsubscribe=One-Click`) and the unsubscribe page's button. Stops the
 * newsletter and every message that is not needed for an order: see docs/product.md.
 */
export const newsletterUnsubscribeResponseSchema = z.object({
  email: z.string(),
  status: z.literal('unsubscribed'),
});
export type NewsletterUnsubscribeResponse = z.infer<typeof newsletterUnsubscribeResponseSchema>;

/** The age ranges a review may give for the child; the contact form's choices. */
export const REVIEW_CHILD_AGES = CHILD_AGES;

/** `GET /api/reviews/request?token=…`: what the review form shows. */
export const reviewRequestSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  /** A review was already written with this link: the form says so instead. */
  reviewed: z.boolean(),
});
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

/** `POST /api/reviews`: the review form. */
export const reviewBodySchema = z.object({
  token: z.string('token is required').min(1, 'token is required').max(1024),
  rating: z.coerce
    .number('Rating is required')
    .int('Rating must be a whole number of stars')
    .min(1, 'Rating must be between 1 and 5 stars')
    .max(5, 'Rating must be between 1 and 5 stars'),
  text: z
    .string('Your review is required')
    .trim()
    .min(REVIEW_TEXT_MIN, `Your review must be at least ${REVIEW_TEXT_MIN} characters`)
    .max(REVIEW_TEXT_MAX, `Your review cannot exceed ${REVIEW_TEXT_MAX} characters`),
  firstName: z
    .string()
    .trim()
    .max(40, 'First name cannot exceed 40 characters')
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
  childAge: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.enum(CHILD_AGES, "Child's age must be one of the valid options").nullable(),
  ),
  consentToPublish: z.literal(true, 'Tick the box to let us publish your review.'),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;
export const reviewResponseSchema = z.object({ message: z.string() });
