/** The seed data files in cms/data, and the shape each entry must have. */
import type { Core, UID } from '@strapi/strapi';
import { z } from 'zod';
import {
  reviewFromCommerceSchema,
  saveReviewFromCommerce,
} from '../api/review/review-from-commerce';

const slug = z.string().regex(/^[a-z0-9-]+$/);

const base = {
  key: slug,
  status: z.enum(['published', 'draft']).default('published'),
  createdAt: z.iso.datetime().optional(),
};

/** An image shipped under cms/data, uploaded to the media library with its alt text. */
export const mediaSeed = z.object({
  file: z.string().regex(/^images\/[a-z0-9/-]+\.(webp|png|jpg)$/),
  alt: z.string().min(3).max(300),
});

export type MediaSeed = z.infer<typeof mediaSeed>;

/** A member resource's file shipped under cms/data, uploaded under the name members see. */
export const memberFileSeed = z.object({
  file: z.string().regex(/^member-resources\/[a-z0-9-]+\.(pdf|mp3)$/),
  name: z.string().min(3).max(120),
});

export type MemberFileSeed = z.infer<typeof memberFileSeed>;

export const faqItemSeed = z.object({
  ...base,
  question: z.string().min(5).max(300),
  answer: z.string().min(10).max(2000),
  placement: z.enum(['home', 'contact']),
  order: z.number().int().min(0).max(1000),
});

export const blogPostSeed = z.object({
  ...base,
  title: z.string().min(3).max(200),
  slug,
  excerpt: z.string().max(500).optional(),
  content: z.string().min(1),
  author: z.string().max(120).optional(),
  cover: mediaSeed.optional(),
  featured: z.boolean(),
  category: z.string().max(80).optional(),
  icon: z.enum(['compass', 'heart', 'home', 'book', 'star', 'users']).optional(),
});

export const testimonialSeed = z.object({
  ...base,
  name: z.string().min(2).max(80),
  role: z.string().min(2).max(120),
  content: z.string().min(20).max(1000),
  rating: z.number().int().min(1).max(5),
  photo: mediaSeed,
  placement: z.enum(['home', 'shop']),
  order: z.number().int().min(0).max(1000),
});

/** The audiobook start time a marketer types: `m:ss` or `h:mm:ss`, as the content type checks it. */
export const AUDIO_START = /^(?:\d{1,2}:[0-5]\d|\d{1,3}):[0-5]\d$/;

export const chapterSeed = z.object({
  ...base,
  book: z.enum(['aba-for-parents', 'aba-case-studies']),
  number: z.number().int().min(1).max(10),
  title: z.string().min(3).max(120),
  description: z.string().min(20).max(400),
  audioStart: z.string().regex(AUDIO_START).optional(),
});

export const memberResourceSeed = z.object({
  ...base,
  title: z.string().min(3).max(120),
  month: z.string().regex(/^\d{4}-(?:0[1-9]|1[0-2])$/),
  description: z.string().min(20).max(1000),
  worksheets: z.array(memberFileSeed),
  recording: memberFileSeed.optional(),
  transcript: z.string().min(1).optional(),
  questions: z.array(
    z.object({ title: z.string().min(3).max(200), start: z.string().regex(AUDIO_START) }),
  ),
});

export const legalPageSeed = z.object({
  ...base,
  slug: z.enum(['privacy-policy', 'terms-and-conditions', 'no-refund-policy', 'accessibility']),
  title: z.string().min(3).max(120),
  dateLabel: z.enum(['Last updated', 'Effective']),
  date: z.iso.date(),
  sections: z
    .array(z.object({ heading: z.string().min(2).max(200), body: z.string().min(1) }))
    .min(1),
});

/** A sample issue; a draft, since publishing one e-mails every subscriber. */
export const newsletterIssueSeed = z.object({
  ...base,
  status: z.literal('draft'),
  subject: z.string().min(3).max(120),
  previewLine: z.string().max(150).optional(),
  body: z.string().min(20).max(20000),
  buttonLabel: z.string().max(40).optional(),
  buttonUrl: z.url({ protocol: /^https?$/ }).optional(),
});

/** A sample buyer's review, as the commerce service delivers one. */
export const reviewSeed = z.object({ ...base, ...reviewFromCommerceSchema.shape });

export type SeedEntry =
  | z.infer<typeof faqItemSeed>
  | z.infer<typeof blogPostSeed>
  | z.infer<typeof testimonialSeed>
  | z.infer<typeof chapterSeed>
  | z.infer<typeof legalPageSeed>
  | z.infer<typeof memberResourceSeed>
  | z.infer<typeof newsletterIssueSeed>
  | z.infer<typeof reviewSeed>;

export interface SeedFile {
  file: string;
  uid: UID.ContentType;
  schema: z.ZodType<SeedEntry[]>;
  /**
   * Attributes holding a MediaSeed or a MemberFileSeed (or a list of them), uploaded before the
   * entry is created.
   */
  mediaFields: string[];
  /** Sample content that a live shop must not get (it would reach real members). */
  developmentOnly?: boolean;
  /**
   * How an entry is created, as a draft, when the document service may not be called directly;
   * seedContent publishes it afterwards when its status says so.
   */
  create?: (
    strapi: Core.Strapi,
    fields: Record<string, unknown>,
  ) => Promise<{ documentId: string }>;
}

export const seedFiles: SeedFile[] = [
  {
    file: 'faq-items.json',
    uid: 'api::faq-item.faq-item',
    schema: z.array(faqItemSeed),
    mediaFields: [],
  },
  {
    file: 'chapters.json',
    uid: 'api::chapter.chapter',
    schema: z.array(chapterSeed),
    mediaFields: [],
  },
  {
    file: 'chapters-case-studies.json',
    uid: 'api::chapter.chapter',
    schema: z.array(chapterSeed),
    mediaFields: [],
  },
  {
    file: 'testimonials.json',
    uid: 'api::testimonial.testimonial',
    schema: z.array(testimonialSeed),
    mediaFields: ['photo'],
  },
  {
    file: 'legal-pages.json',
    uid: 'api::legal-page.legal-page',
    schema: z.array(legalPageSeed),
    mediaFields: [],
  },
  {
    file: 'blog-posts.json',
    uid: 'api::blog-post.blog-post',
    schema: z.array(blogPostSeed),
    mediaFields: ['cover'],
  },
  {
    file: 'member-resources.json',
    uid: 'api::member-resource.member-resource',
    schema: z.array(memberResourceSeed),
    mediaFields: ['worksheets', 'recording'],
    developmentOnly: true,
  },
  {
    file: 'newsletter-issues.json',
    uid: 'api::newsletter-issue.newsletter-issue',
    schema: z.array(newsletterIssueSeed),
    mediaFields: [],
    developmentOnly: true,
  },
  {
    // As the shop delivers them: nobody may create a review otherwise.
    file: 'reviews.json',
    uid: 'api::review.review',
    schema: z.array(reviewSeed),
    mediaFields: [],
    developmentOnly: true,
    create: (strapi, fields) =>
      saveReviewFromCommerce(strapi, reviewFromCommerceSchema.parse(fields)),
  },
];
