/** @jest-environment node */
import { escapeHtml } from '@aba-shop/service-kit/html-escape';
import { html, trusted } from './html';

describe('html', () => {
  it('escapes every value put into it, in text and in attributes', () => {
    const name = '<script>alert("x")</script> & \'co\'';
    expect(html`<p title="${name}">${name}</p>`.markup).toBe(
      `<p title="${escapeHtml(name)}">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</p>`,
    );
  });

  it('writes its own markup and trusted markup as they are, lists in a row, nothing for none', () => {
    const items = ['a', 'b'].map((item) => html`<li>${item}</li>`);
    expect(
      html`<ul>
          ${items}
        </ul>
        ${null}${undefined}${false}${0}`.markup,
    ).toBe('<ul><li>a</li><li>b</li></ul>0');
    expect(html`<div>${trusted('<svg></svg>')}</div>`.markup).toBe('<div><svg></svg></div>');
  });

  it('drops the layout of the source between tags and values, keeps spaces between words', () => {
    const value = 'v';
    expect(
      html`<li>
        <p>Visite al negozio</p>
        <p>${value}</p>
      </li>`.markup,
    ).toBe('<li><p>Visite al negozio</p><p>v</p></li>');
    expect(html`<p>Se pensi che sia un errore, chiedi l'accesso. ${value} alle</p>`.markup).toBe(
      "<p>Se pensi che sia un errore, chiedi l'accesso. v alle</p>",
    );
  });
});
