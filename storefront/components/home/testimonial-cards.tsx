import type { Testimonial } from '@/lib/cms/testimonials';
import { StarRating } from './star-rating';
import { TestimonialAuthor } from './testimonial-author';

/** Parents' words from the CMS, each with its stars, name, role and photo. */
export function TestimonialCards({ testimonials }: { testimonials: Testimonial[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {testimonials.map((testimonial) => (
        <li
          key={testimonial.documentId}
          className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <StarRating rating={testimonial.rating} />
          <blockquote className="mt-4 flex-1 text-slate-700">“{testimonial.content}”</blockquote>
          <div className="mt-6 flex items-center gap-3">
            <TestimonialAuthor testimonial={testimonial} />
          </div>
        </li>
      ))}
    </ul>
  );
}
