/** @jest-environment node */
import { playerChapters } from './player-chapters';

const FILE = [
  { title: 'One (file)', startMs: 0 },
  { title: 'Two (file)', startMs: 18_000 },
  { title: 'Three (file)', startMs: 36_000 },
];

describe('playerChapters', () => {
  it("takes the CMS's titles, and its start times where it has them", () => {
    expect(
      playerChapters(
        [
          { number: 1, title: 'One', startSeconds: 0 },
          { number: 2, title: 'Two', startSeconds: 20 },
          { number: 3, title: 'Three', startSeconds: null },
        ],
        FILE,
      ),
    ).toEqual([
      { title: 'One', startSeconds: 0 },
      { title: 'Two', startSeconds: 20 },
      { title: 'Three', startSeconds: 36 },
    ]);
  });

  it('leaves out a chapter that neither the CMS nor the file places', () => {
    expect(
      playerChapters(
        [
          { number: 1, title: 'One', startSeconds: null },
          { number: 4, title: 'Four', startSeconds: null },
        ],
        FILE,
      ),
    ).toEqual([{ title: 'One', startSeconds: 0 }]);
  });

  it("falls back to the file's own chapters without the CMS's", () => {
    expect(playerChapters([], FILE)).toEqual([
      { title: 'One (file)', startSeconds: 0 },
      { title: 'Two (file)', startSeconds: 18 },
      { title: 'Three (file)', startSeconds: 36 },
    ]);
  });

  it('orders the chapters by where they start', () => {
    expect(
      playerChapters(
        [
          { number: 1, title: 'One', startSeconds: 30 },
          { number: 2, title: 'Two', startSeconds: 10 },
        ],
        [],
      ).map((chapter) => chapter.title),
    ).toEqual(['Two', 'One']);
  });
});
