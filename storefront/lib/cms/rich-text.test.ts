import { renderRichText } from './rich-text';

describe('renderRichText', () => {
  it('renders Markdown headings, emphasis, lists and links', () => {
    const html = renderRichText(
      '## Start\n\nSome **bold** and *calm* words.\n\n- one\n- two\n\n[Contact](/contact)',
    );
    expect(html).toContain('<h2>Start</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>calm</em>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="/contact">Contact</a>');
  });

  it.each([
    ['a script tag', 'Hello <script>alert(1)</script> there', /<script|alert\(1\)/],
    ['an onerror handler', '<img src="x" onerror="alert(1)">', /onerror|alert/],
    ['a javascript: link', '[click](javascript:alert(1))', /javascript:/i],
    ['an iframe', '<iframe src="https://evil.example"></iframe>', /<iframe/],
    ['inline styles', '<p style="position:fixed">x</p>', /style=/],
    ['an onclick attribute', '<a href="/x" onclick="steal()">x</a>', /onclick|steal/],
    ['an svg with script', '<svg><script>alert(1)</script></svg>', /<svg|<script/],
  ])('removes %s', (_what, markdown, forbidden) => {
    expect(renderRichText(markdown)).not.toMatch(forbidden);
  });

  it('opens external links in a new tab without giving the page access to the opener', () => {
    expect(renderRichText('[Guide](https://example.org/guide)')).toBe(
      '<p><a href="https://example.org/guide" rel="noopener noreferrer" target="_blank">Guide</a></p>',
    );
  });

  it('demotes a top-level heading so the page keeps a single h1', () => {
    expect(renderRichText('# Title')).toBe('<h2>Title</h2>');
  });

  it('keeps mailto links', () => {
    expect(renderRichText('[Mail us](mailto:support@abaparentguides.com)')).toContain(
      'href="mailto:support@abaparentguides.com"',
    );
  });
});
