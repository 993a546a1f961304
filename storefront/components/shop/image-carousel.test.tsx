import { fireEvent, render, screen } from '@testing-library/react';
import { ImageCarousel } from './image-carousel';

jest.mock('next/image', () => ({
  __esModule: true,
  default: ({ unoptimized: _u, ...props }: { unoptimized?: boolean; alt: string }) => (
    // eslint-disable-next-line @next/next/no-img-element
    <img {...props} alt={props.alt} />
  ),
}));

const slides = [
  { src: '/1.svg', alt: 'First' },
  { src: '/2.svg', alt: 'Second' },
  { src: '/3.svg', alt: 'Third' },
];

const visibleSlide = () => screen.getByRole('group');

describe('ImageCarousel', () => {
  beforeEach(() => render(<ImageCarousel label="Inside the guide" slides={slides} />));

  it('is announced as a carousel whose slides say "Slide N of 3"', () => {
    const carousel = screen.getByRole('region', { name: 'Inside the guide' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(visibleSlide()).toHaveAccessibleName('Slide 1 of 3');
    expect(visibleSlide()).toHaveAttribute('aria-roledescription', 'slide');
    expect(screen.getByRole('img', { name: 'First' })).toBeVisible();
  });

  it('wraps from the first slide back to the last, and from the last to the first', () => {
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(visibleSlide()).toHaveAccessibleName('Slide 3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visibleSlide()).toHaveAccessibleName('Slide 1 of 3');
  });

  it('marks the current dot and shows the slide a dot chooses', () => {
    const second = screen.getByRole('button', { name: 'Show slide 2 of 3' });
    expect(screen.getByRole('button', { name: 'Show slide 1 of 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    fireEvent.click(second);
    expect(second).toHaveAttribute('aria-current', 'true');
    expect(visibleSlide()).toHaveAccessibleName('Slide 2 of 3');
    expect(screen.getByRole('img', { name: 'Second' })).toBeInTheDocument();
  });
});
