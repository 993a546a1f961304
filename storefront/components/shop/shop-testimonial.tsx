import Image from 'next/image';
import { StarRating } from '@/components/home/star-rating';
import type { Testimonial } from '@/lib/cms/testimonials';

/** The parent's words at the end of the shop (spec §2 Shop): five stars, quote, name, role. */
export function ShopTestimonial({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="mx-auto flex max-w-3xl flex-col items-center gap-5 text-center">
      <StarRating rating={testimonial.rating} />
      <blockquote className="text-lg leading-relaxed text-slate-800 sm:text-xl">
        “{testimonial.content}”
      </blockquote>
      <figcaption className="flex items-center gap-3 text-left">
        {testimonial.photo ? (
          <Image
            src={testimonial.photo.url}
            alt={testimonial.photo.alternativeText ?? ''}
            width={56}
            height={56}
            unoptimized
            className="h-14 w-14 rounded-full object-cover"
          />
        ) : null}
        <span>
          <span className="block font-semibold">{testimonial.name}</span>
          <span className="block text-sm text-slate-600">{testimonial.role}</span>
        </span>
      </figcaption>
    </figure>
  );
}
