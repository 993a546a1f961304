/** Which cache tags a CMS webhook delivery refreshes. */
import { z } from 'zod';
import { cmsTags, type CmsModel } from './client';

const MODELS: readonly CmsModel[] = [
  'blog-post',
  'faq-item',
  'testimonial',
  'review',
  'chapter',
  'legal-page',
];

export const webhookPayloadSchema = z.object({
  event: z.string().min(1).max(64),
  model: z.string().max(100).optional(),
});

export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

export function tagsToRevalidate({ event, model }: WebhookPayload): string[] {
  // A changed or deleted image may appear in any content type.
  if (event.startsWith('media.')) return ['cms'];
  if (!event.startsWith('entry.')) return [];
  const known = MODELS.find((candidate) => candidate === model);
  return known ? cmsTags(known).slice(1) : [];
}
