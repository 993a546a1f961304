/** @jest-environment node */
import { renderToStaticMarkup } from 'react-dom/server';
import { TestModeBanner } from './test-mode-banner';

/** The commerce service's answer to GET /api/checkout/mode, or a failure. */
function commerceSays(answer: { mode: string } | 'unreachable') {
  global.fetch = jest.fn(async (url: unknown) => {
    expect(String(url)).toBe('http://127.0.0.1:4000/api/checkout/mode');
    if (answer === 'unreachable') throw new TypeError('fetch failed');
    return Response.json(answer);
  }) as typeof fetch;
}

async function bannerText(): Promise<string> {
  const element = await TestModeBanner();
  return element ? renderToStaticMarkup(element) : '';
}

describe('the test mode banner', () => {
  beforeEach(() => {
    process.env.COMMERCE_URL = 'http://127.0.0.1:4000';
  });

  it('says that nothing is charged on a staging shop', async () => {
    commerceSays({ mode: 'test' });
    const html = await bannerText();
    expect(html).toContain('Test mode: nothing is charged.');
    expect(html).toContain('role="status"');
  });

  it.each([[{ mode: 'live' }], [{ mode: 'development' }], ['unreachable' as const]])(
    'stays away when the commerce service says %j',
    async (answer) => {
      commerceSays(answer);
      expect(await bannerText()).toBe('');
    },
  );
});
