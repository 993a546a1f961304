import { StarRating } from '@/components/home/star-rating';
import type { Testimonial } from '@/lib/cms/testimonials';
import { TestimonialAuthor } from '@/components/home/testimonial-author';

/**
 * The parent's words at the end of the shop (docs/product.md#shop): five stars, quote, name, role.
 */
export function ShopTestimonial({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="mx-auto flex max-w-3xl flex-col items-center gap-5 text-center">
      <StarRating rating={testimonial.rating} />
      <blockquote className="text-lg leading-relaxed text-slate-800 sm:text-xl">
        “{testimonial.content}”
      </blockquote>
      <figcaption className="flex items-center gap-3 text-left">
        <TestimonialAuthor testimonial={testimonial} />
      </figcaption>
    </figure>
  );
}
