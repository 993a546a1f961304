import { newestReviewsOf, ratingsByProduct, ratingSummaryOf } from './review-summary';

const review = (productId: string, rating: number) => ({ productId, rating });

describe('an eBook’s rating from its verified reviews', () => {
  it.each([
    [[5], { ratingValue: 5, reviewCount: 1 }],
    [[5, 4], { ratingValue: 4.5, reviewCount: 2 }],
    [[5, 4, 4], { ratingValue: 4.3, reviewCount: 3 }],
    [[1, 2, 2], { ratingValue: 1.7, reviewCount: 3 }],
  ])('averages %j to one decimal', (ratings, summary) => {
    expect(
      ratingSummaryOf(
        ratings.map((rating) => review('book', rating)),
        'book',
      ),
    ).toEqual(summary);
  });

  it('counts only the eBook’s own reviews, and gives none to an eBook without any', () => {
    const reviews = [review('book', 5), review('other', 1), review('book', 3)];
    expect(ratingSummaryOf(reviews, 'book')).toEqual({ ratingValue: 4, reviewCount: 2 });
    expect(ratingSummaryOf(reviews, 'pack')).toBeNull();
    expect([...ratingsByProduct(reviews, ['book', 'pack', 'other']).keys()]).toEqual([
      'book',
      'other',
    ]);
  });

  it('shows the newest of an eBook’s reviews, as many as asked', () => {
    const reviews = [review('book', 5), review('other', 1), review('book', 3), review('book', 4)];
    expect(newestReviewsOf(reviews, 'book', 2)).toEqual([review('book', 5), review('book', 3)]);
  });
});
