import { act, fireEvent, render, screen } from '@testing-library/react';
import { CONSENT_STORAGE_KEY } from '@/lib/tracking/consent';
import { PageTracking } from './page-tracking';

let pathname = '/';
let query = '';
jest.mock('next/navigation', () => ({
  usePathname: () => pathname,
  useSearchParams: () => new URLSearchParams(query),
}));

/** In the build the pixel id is inlined; here it is read from the environment at render. */
function setPixelId(pixelId: string | undefined) {
  if (pixelId) process.env.NEXT_PUBLIC_META_PIXEL_ID = pixelId;
  else delete process.env.NEXT_PUBLIC_META_PIXEL_ID;
}

const trackedCalls = () => (window.fbq?.queue ?? []).filter(([command]) => command === 'track');

beforeEach(() => {
  pathname = '/';
  query = '';
  window.localStorage.clear();
});

afterEach(() => {
  delete window.fbq;
  delete window._fbq;
  document.head.innerHTML = '';
});

it('shows no banner and loads nothing without a pixel id', () => {
  setPixelId(undefined);
  render(<PageTracking />);
  expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  expect(window.fbq).toBeUndefined();
});

it('asks first and loads nothing until the visitor accepts', () => {
  setPixelId('1234567890');
  render(<PageTracking />);
  expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  expect(window.fbq).toBeUndefined();
  expect(document.head.querySelector('script')).toBeNull();
});

it('loads the pixel and sends a PageView once accepted, and remembers the answer', () => {
  setPixelId('1234567890');
  render(<PageTracking />);
  fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
  expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('accepted');
  expect(trackedCalls()).toEqual([['track', 'PageView']]);
});

it('sends a PageView on every path or query change after consent', () => {
  window.localStorage.setItem(CONSENT_STORAGE_KEY, 'accepted');
  setPixelId('1234567890');
  const view = render(<PageTracking />);
  expect(trackedCalls()).toHaveLength(1);
  pathname = '/blog';
  act(() => view.rerender(<PageTracking />));
  query = 'sessionId=cs_1';
  act(() => view.rerender(<PageTracking />));
  act(() => view.rerender(<PageTracking />));
  expect(trackedCalls()).toHaveLength(3);
});

it('never loads the pixel after the visitor declines', () => {
  setPixelId('1234567890');
  const view = render(<PageTracking />);
  fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
  pathname = '/about';
  act(() => view.rerender(<PageTracking />));
  expect(window.fbq).toBeUndefined();
  expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('declined');
});
