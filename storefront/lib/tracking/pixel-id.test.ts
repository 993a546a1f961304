import { act, renderHook } from '@testing-library/react';
import { pixelIdOf, pixelIdSource, TRACKING_SETTINGS_PATH, usePixelId } from './pixel-id';

/** An answer of the tracking settings' route, as fetch gives it. */
const answer = (body: unknown, ok = true) =>
  Promise.resolve({ ok, json: () => Promise.resolve(body) } as Response);

/** Lets the answer's promises settle. */
const settled = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('pixelIdOf', () => {
  it("takes Meta's numeric id, and nothing else, from the answer", () => {
    expect(pixelIdOf({ pixelId: '123456789012345' })).toBe('123456789012345');
    for (const wrong of [
      { pixelId: null },
      { pixelId: 123456789012345 },
      { pixelId: '' },
      { pixelId: '<script>' },
      {},
      null,
      'x',
    ])
      expect(pixelIdOf(wrong)).toBeNull();
  });
});

describe('pixelIdSource', () => {
  it('asks once, at the first subscription, and tells every subscriber the id', async () => {
    const fetchSettings = jest.fn(() => answer({ pixelId: '123456789012345' }));
    const source = pixelIdSource(fetchSettings);
    expect(fetchSettings).not.toHaveBeenCalled();
    const first = jest.fn();
    const second = jest.fn();
    source.subscribe(first);
    source.subscribe(second);
    expect(source.read()).toBeNull();
    await settled();
    expect(fetchSettings).toHaveBeenCalledTimes(1);
    expect(source.read()).toBe('123456789012345');
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    const unsubscribe = source.subscribe(jest.fn());
    unsubscribe();
    await settled();
    expect(fetchSettings).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a shop without a pixel', () => answer({ pixelId: null })],
    ['a failed answer', () => answer({ message: 'down' }, false)],
    ['no answer at all', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'an answer that is not JSON',
      () =>
        Promise.resolve({
          ok: true,
          json: () => Promise.reject(new SyntaxError('bad')),
        } as unknown as Response),
    ],
  ])('has no pixel after %s', async (_case, fetchSettings) => {
    const source = pixelIdSource(fetchSettings);
    source.subscribe(jest.fn());
    await settled();
    expect(source.read()).toBeNull();
  });
});

describe('usePixelId', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it("asks the shop's route once for every component of the page, and renders nothing before", async () => {
    const fetchSettings = jest.fn(() => answer({ pixelId: '123456789012345' }));
    globalThis.fetch = fetchSettings;
    const banner = renderHook(() => usePixelId());
    const button = renderHook(() => usePixelId());
    expect(banner.result.current).toBeNull();
    await settled();
    expect(banner.result.current).toBe('123456789012345');
    expect(button.result.current).toBe('123456789012345');
    expect(fetchSettings).toHaveBeenCalledTimes(1);
    expect(fetchSettings).toHaveBeenCalledWith(TRACKING_SETTINGS_PATH);
  });
});
