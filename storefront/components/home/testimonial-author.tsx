import Image from 'next/image';
import type { Testimonial } from '@/lib/cms/testimonials';

/** Who said it: the parent's photo, name and role, under a testimonial. */
export function TestimonialAuthor({ testimonial }: { testimonial: Testimonial }) {
  return (
    <>
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
    </>
  );
}
