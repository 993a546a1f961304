/** @jest-environment node */
import { htmlSections, plainText } from './html-text';

describe('plainText', () => {
  it.each([
    ['<p>Hello <strong>there</strong></p>', 'Hello there'],
    ['Fish &amp; chips &lt;3 &#39;yes&#39; &#x2014; &nbsp;ok', "Fish & chips <3 'yes' — ok"],
    ['<em>Wait</em> , <b>what</b> ?', 'Wait, what?'],
    ['Unknown &madeup; stays', 'Unknown &madeup; stays'],
  ])('reads %j as %j', (html, text) => {
    expect(plainText(html)).toBe(text);
  });
});

describe('htmlSections', () => {
  const html = [
    '<p>Before any heading.</p>',
    '<h2>Rules</h2>',
    '<p>You may not:</p>',
    '<ul><li><strong>resell</strong> the files;</li><li>share them.</li></ul>',
    '<p>After the list.</p>',
    '<h3>Steps</h3>',
    '<ol><li>One</li><li>Two</li></ol>',
  ].join('\n');

  it('keeps the text before the first heading as a section without a heading', () => {
    expect(htmlSections(html)[0]).toEqual({
      heading: null,
      paragraphs: ['Before any heading.'],
      blocks: [{ kind: 'paragraph', text: 'Before any heading.' }],
    });
  });

  it('cuts a section into paragraphs and lists, in order', () => {
    expect(htmlSections(html)[1]).toEqual({
      heading: 'Rules',
      paragraphs: ['You may not:', 'resell the files;', 'share them.', 'After the list.'],
      blocks: [
        { kind: 'paragraph', text: 'You may not:' },
        { kind: 'list', items: ['resell the files;', 'share them.'] },
        { kind: 'paragraph', text: 'After the list.' },
      ],
    });
  });

  it('reads an ordered list under an h3 as a list of its own section', () => {
    expect(htmlSections(html)[2]?.blocks).toEqual([{ kind: 'list', items: ['One', 'Two'] }]);
  });

  it('gives nothing for empty HTML', () => {
    expect(htmlSections('')).toEqual([]);
  });

  it('makes each table row one paragraph', () => {
    expect(htmlSections('<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>')).toEqual(
      [
        {
          heading: null,
          paragraphs: ['a b', 'c'],
          blocks: [
            { kind: 'paragraph', text: 'a b' },
            { kind: 'paragraph', text: 'c' },
          ],
        },
      ],
    );
  });
});
