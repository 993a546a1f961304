/** @jest-environment node */
import type { Passage } from './passage';
import { definitionOf } from './passage-choice';

describe('definitionOf', () => {
  const glossary: Passage[] = [
    {
      id: 'a',
      kind: 'blog',
      title: 'Words',
      text: 'Prompt: a hint that helps.',
      url: '/a',
      sourceTitle: 'a',
    },
    {
      id: 'b',
      kind: 'blog',
      title: 'Words',
      text: 'Intro.\nFading is slowly removing help.',
      url: '/b',
      sourceTitle: 'b',
    },
  ];

  it.each([
    ['prompt', 'a'],
    ['Fading', 'b'],
    ['reinforcement', undefined],
  ])('finds the passage that defines "%s"', (word, id) => {
    expect(definitionOf(word, glossary)?.id).toBe(id);
  });
});
