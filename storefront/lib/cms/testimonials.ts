import 'server-only';
import { z } from 'zod';
import { fetchCollection, mediaSchema } from './client';

export const testimonialSchema = z.object({
  documentId: z.string(),
  name: z.string(),
  role: z.string(),
  content: z.string(),
  rating: z.number().int().min(1).max(5),
  photo: mediaSchema.nullable(),
  placement: z.enum(['home', 'shop']),
  order: z.number().int(),
});

export type Testimonial = z.infer<typeof testimonialSchema>;

export function getTestimonials(placement: Testimonial['placement']): Promise<Testimonial[]> {
  const query = new URLSearchParams({
    'filters[placement][$eq]': placement,
    sort: 'order:asc',
    'populate[photo][fields][0]': 'url',
    'populate[photo][fields][1]': 'alternativeText',
    'populate[photo][fields][2]': 'width',
    'populate[photo][fields][3]': 'height',
    'pagination[pageSize]': '20',
  });
  return fetchCollection('testimonial', 'testimonials', query, testimonialSchema);
}
