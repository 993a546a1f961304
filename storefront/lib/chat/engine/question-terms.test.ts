/** @jest-environment node */
import { widen } from './question-terms';

describe('widen', () => {
  it('adds the topic words of every vocabulary key the question holds, tied to the key', () => {
    const { added } = widen('can I get my money back, I was charged twice');
    expect(added).toEqual(
      expect.arrayContaining([
        { words: ['refund', 'sale', 'final'], keyTerms: ['monei', 'back'] },
        { words: ['duplic'], keyTerms: ['charg', 'twice'] },
      ]),
    );
  });

  it('weighs the thing a permission question asks to do more than its other words', () => {
    const { words } = widen('can I print the pages at work');
    expect(words.get('print')?.boost).toBeGreaterThan(words.get('work')?.boost ?? Infinity);
  });
});
