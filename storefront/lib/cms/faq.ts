import 'server-only';
import { z } from 'zod';
import { fetchCollection } from './client';

export const faqItemSchema = z.object({
  documentId: z.string(),
  question: z.string(),
  answer: z.string(),
  placement: z.enum(['home', 'contact']),
  order: z.number().int(),
});

export type FaqItem = z.infer<typeof faqItemSchema>;

/** Published FAQ items for one page, in the order marketers gave them. */
export function getFaqItems(placement: FaqItem['placement']): Promise<FaqItem[]> {
  const query = new URLSearchParams({
    'filters[placement][$eq]': placement,
    sort: 'order:asc',
    'pagination[pageSize]': '50',
  });
  return fetchCollection('faq-item', 'faq-items', query, faqItemSchema);
}
