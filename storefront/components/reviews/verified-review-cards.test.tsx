import { render, screen, within } from '@testing-library/react';
import type { VerifiedReview } from '@/lib/cms/reviews';
import { EbookReviews } from './ebook-reviews';

const review = (fields: Partial<VerifiedReview> = {}): VerifiedReview => ({
  documentId: 'doc-1',
  productId: 'ebook-aba-for-parents',
  productName: 'eBook ABA for Parents',
  rating: 5,
  text: 'Our mornings are calmer since the first chapter.',
  firstName: 'Giulia',
  childAge: '4-5 years',
  submittedAt: '2026-11-20T10:15:00.000Z',
  ...fields,
});
const PARENTS = { id: 'ebook-aba-for-parents', name: 'eBook ABA for Parents' };

describe("an eBook's verified reviews", () => {
  it('shows each with its stars, words, name, child’s age and the Verified buyer mark in words', () => {
    render(<EbookReviews product={PARENTS} reviews={[review()]} layout="column" />);
    expect(screen.getByRole('heading', { name: 'Reviews of eBook ABA for Parents' })).toBeVisible();
    const shown = screen.getByRole('figure', { name: 'Review by Giulia' });
    expect(
      within(shown).getByRole('img', { name: '5 stars out of 5 from a verified buyer' }),
    ).toBeInTheDocument();
    expect(shown).toHaveTextContent('Our mornings are calmer since the first chapter.');
    expect(shown).toHaveTextContent('Child: 4-5 years');
    expect(within(shown).getByText('Verified buyer')).toBeVisible();
  });

  it('calls a buyer who gave no name "A parent", and leaves out an age range they kept to themselves', () => {
    render(
      <EbookReviews
        product={PARENTS}
        reviews={[
          review({ documentId: 'a', firstName: null, childAge: null }),
          review({ documentId: 'b', firstName: 'Marco', childAge: 'Prefer not to say' }),
        ]}
        layout="row"
      />,
    );
    const [anonymous, marco] = screen.getAllByRole('figure');
    expect(anonymous).toHaveAccessibleName('Review by a parent');
    expect(anonymous).toHaveTextContent('A parent');
    expect(anonymous).not.toHaveTextContent('Child:');
    expect(marco).not.toHaveTextContent('Prefer not to say');
    expect(screen.getAllByText('Verified buyer')).toHaveLength(2);
  });

  it('shows nothing for an eBook without reviews', () => {
    const { container } = render(<EbookReviews product={PARENTS} reviews={[]} layout="row" />);
    expect(container).toBeEmptyDOMElement();
  });
});
