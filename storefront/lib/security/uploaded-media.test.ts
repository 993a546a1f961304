/**
 * @jest-environment node
 */
import { hardenUploadedMedia, UPLOADED_MEDIA_POLICY } from './uploaded-media';

const fromCms = (contentType: string, extra: Record<string, string> = {}) =>
  new Response('<script>document.title = "ran"</script>', {
    status: 200,
    headers: { 'content-type': contentType, 'cache-control': 'public, max-age=60', ...extra },
  });

describe('hardenUploadedMedia', () => {
  it.each([
    'text/html; charset=utf-8',
    'application/javascript',
    'image/svg+xml',
    'application/xhtml+xml',
    'application/pdf',
    'application/octet-stream',
    '',
  ])('makes %p a sandboxed download that sniffing cannot turn into a page', async (type) => {
    const answer = hardenUploadedMedia(fromCms(type));
    expect(answer.headers.get('content-disposition')).toBe('attachment');
    expect(answer.headers.get('content-security-policy')).toBe(UPLOADED_MEDIA_POLICY);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await answer.text()).toMatch(/<script>/);
  });

  it.each(['image/jpeg', 'image/png', 'image/webp', 'IMAGE/GIF', 'image/avif'])(
    'shows the raster image %p inline, still sandboxed',
    (type) => {
      const answer = hardenUploadedMedia(fromCms(type));
      expect(answer.headers.get('content-disposition')).toBeNull();
      expect(answer.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    },
  );

  it("replaces the CMS's own policy and keeps its status and caching", () => {
    const answer = hardenUploadedMedia(
      fromCms('text/html', { 'content-security-policy': "script-src 'self'" }),
    );
    expect(answer.headers.get('content-security-policy')).toBe(UPLOADED_MEDIA_POLICY);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=60');
    expect(answer.status).toBe(200);
  });

  it('allows no script, no connection and no form in what it serves', () => {
    const policy = UPLOADED_MEDIA_POLICY.split(';').map((part) => part.trim());
    expect(policy[0]).toBe('sandbox');
    expect(policy).toContain("default-src 'none'");
    expect(UPLOADED_MEDIA_POLICY).not.toMatch(/script-src|allow-scripts|allow-same-origin/);
  });
});
