'use client';
/**
 * A small picture carousel (docs/product.md#shop) after the WAI-ARIA carousel pattern: previous and
 * next arrows that wrap around, and dots that show and choose the slide. It never moves by itself,
 * so the visible slide is announced politely when the visitor changes it.
 */
import Image from 'next/image';
import { useState } from 'react';
import { StrokeIcon } from '@/components/icons/stroke-icon';
import type { PreviewSlide } from './preview-slides';
import { wrapIndex } from './wrap-index';

function Arrow({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <StrokeIcon strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
      <path d={direction === 'previous' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </StrokeIcon>
  );
}

export function ImageCarousel({
  label,
  slides,
}: {
  label: string;
  slides: readonly PreviewSlide[];
}) {
  const [current, setCurrent] = useState(0);
  const count = slides.length;
  const show = (index: number) => setCurrent(wrapIndex(index, count));
  const arrowClass =
    'absolute top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-emerald-900 shadow-md ring-1 ring-slate-900/10 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700';

  return (
    <section aria-roledescription="carousel" aria-label={label} className="space-y-3">
      <div className="relative overflow-hidden rounded-2xl bg-emerald-50 ring-1 ring-slate-200">
        <div aria-live="polite">
          {slides.map((slide, index) => (
            <div
              key={slide.src}
              role="group"
              aria-roledescription="slide"
              aria-label={`Slide ${index + 1} of ${count}`}
              hidden={index !== current}
            >
              <Image
                src={slide.src}
                alt={slide.alt}
                width={800}
                height={600}
                unoptimized
                className="aspect-[4/3] h-auto w-full object-cover"
              />
            </div>
          ))}
        </div>
        <button
          type="button"
          aria-label="Previous slide"
          onClick={() => show(current - 1)}
          className={`${arrowClass} left-3`}
        >
          <Arrow direction="previous" />
        </button>
        <button
          type="button"
          aria-label="Next slide"
          onClick={() => show(current + 1)}
          className={`${arrowClass} right-3`}
        >
          <Arrow direction="next" />
        </button>
      </div>
      <div className="flex justify-center gap-1">
        {slides.map((slide, index) => (
          <button
            key={slide.src}
            type="button"
            aria-label={`Show slide ${index + 1} of ${count}`}
            aria-current={index === current ? 'true' : undefined}
            onClick={() => show(index)}
            className="group flex h-8 w-8 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-emerald-700"
          >
            <span
              aria-hidden="true"
              className={`block h-3 rounded-full transition-all ${
                index === current
                  ? 'w-6 bg-emerald-700'
                  : 'w-3 bg-slate-300 group-hover:bg-slate-400'
              }`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
