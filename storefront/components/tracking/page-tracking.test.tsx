import { act, fireEvent, render, screen } from '@testing-library/react';
import { CONSENT_TEXT_VERSION } from '@aba-shop/contract/constants';
import { recordConsentAnswer } from '@/lib/commerce/api/consents';
import {
  CONSENT_ID_STORAGE_KEY,
  CONSENT_STORAGE_KEY,
  closeConsentSettings,
} from '@/lib/tracking/consent';
import { CookieSettingsButton } from './cookie-settings-button';
import { PageTracking } from './page-tracking';

const PIXEL_ID = '123456789012345';
let pathname = '/';
let query = '';
jest.mock('next/navigation', () => ({
  usePathname: () => pathname,
  useSearchParams: () => new URLSearchParams(query),
}));
jest.mock('@/lib/commerce/api/consents', () => ({
  recordConsentAnswer: jest.fn(() => Promise.resolve({})),
}));
const recorded = jest.mocked(recordConsentAnswer);
/** The pixel id as the page has learnt it from the server (lib/tracking/pixel-id.test.ts). */
let pixelId: string | null = null;
jest.mock('@/lib/tracking/pixel-id', () => ({ usePixelId: () => pixelId }));

function setPixelId(id: string | undefined) {
  pixelId = id ?? null;
}

/** The page's address, as the router and the browser both see it. */
function visit(path: string) {
  const url = new URL(path, 'http://localhost');
  pathname = url.pathname;
  query = url.searchParams.toString();
  window.history.replaceState(null, '', path);
}

/** What Meta's script is handed once it has loaded (it stands in for the script here). */
let handed: unknown[][] = [];
function scriptLoads() {
  if (!window.fbq) return;
  window.fbq.callMethod = (...call: unknown[]) => handed.push(call);
  act(() => {
    document.head.querySelector('script')?.dispatchEvent(new Event('load'));
  });
}
const trackedCalls = () => handed.filter(([command]) => command === 'track');
const stored = () => JSON.parse(window.localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null');
const answer = (choice: string, version = CONSENT_TEXT_VERSION) =>
  window.localStorage.setItem(
    CONSENT_STORAGE_KEY,
    JSON.stringify({ choice, version, at: '2026-11-20T10:00:00.000Z' }),
  );

function Page() {
  return (
    <>
      <PageTracking />
      <CookieSettingsButton />
    </>
  );
}

beforeEach(() => {
  visit('/');
  window.localStorage.clear();
  recorded.mockClear();
  handed = [];
  act(() => closeConsentSettings());
});

afterEach(() => {
  delete window.fbq;
  delete window._fbq;
  document.head.innerHTML = '';
});

it('shows no banner, no settings button and loads nothing without a pixel id', () => {
  setPixelId(undefined);
  render(<Page />);
  expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Cookie settings' })).toBeNull();
  expect(window.fbq).toBeUndefined();
});

it('asks first and loads nothing until the visitor accepts', () => {
  setPixelId(PIXEL_ID);
  render(<Page />);
  expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  expect(window.fbq).toBeUndefined();
  expect(document.head.querySelector('script')).toBeNull();
});

it('asks in Italian on an Italian page, and names its settings in Italian', () => {
  setPixelId(PIXEL_ID);
  visit('/blog/visual-schedules');
  render(<Page />);
  const banner = screen.getByRole('region', { name: 'Consenso ai cookie' });
  expect(banner).toHaveAttribute('lang', 'it');
  expect(screen.getByRole('button', { name: 'Accetta' })).toBeVisible();
  expect(screen.getByRole('button', { name: 'Impostazioni cookie' })).toHaveAttribute('lang', 'it');
});

it('loads the pixel and sends a PageView once accepted, and keeps the answer with its version and time, here and in the shop', () => {
  setPixelId(PIXEL_ID);
  render(<Page />);
  fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
  // The pixel is started with the id the server gave.
  expect(window.fbq?.queue).toContainEqual(['init', PIXEL_ID]);
  scriptLoads();
  expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  expect(stored()).toEqual({
    choice: 'accepted',
    version: CONSENT_TEXT_VERSION,
    at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
  expect(trackedCalls()).toEqual([['track', 'PageView']]);
  const consentId = window.localStorage.getItem(CONSENT_ID_STORAGE_KEY);
  expect(consentId).toMatch(/^[0-9a-f-]{36}$/);
  expect(recorded).toHaveBeenCalledWith({
    consentId,
    choice: 'accepted',
    textVersion: CONSENT_TEXT_VERSION,
    language: 'en',
  });
});

it('sends a PageView on every path or query change of an ordinary page after consent', () => {
  answer('accepted');
  setPixelId(PIXEL_ID);
  const view = render(<Page />);
  scriptLoads();
  expect(trackedCalls()).toHaveLength(1);
  visit('/blog');
  act(() => view.rerender(<Page />));
  visit('/blog?page=2');
  act(() => view.rerender(<Page />));
  act(() => view.rerender(<Page />));
  expect(trackedCalls()).toHaveLength(3);
});

it.each([
  '/checkout/success?sessionId=cs_test_secret',
  '/thank-you/ebook-aba-for-parents?sessionId=cs_test_secret',
  '/auth/callback?code=google-code&state=s',
  '/account',
  '/admin/orders',
])('sends no PageView on the private page %s', (path) => {
  answer('accepted');
  setPixelId(PIXEL_ID);
  visit(path);
  render(<Page />);
  scriptLoads();
  expect(window.fbq).toBeDefined();
  expect(trackedCalls()).toEqual([]);
});

it('asks again when the answer was given to an older text, or before answers had versions', () => {
  setPixelId(PIXEL_ID);
  answer('accepted', '2020-01-01');
  const view = render(<Page />);
  expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  expect(window.fbq).toBeUndefined();
  view.unmount();
  window.localStorage.setItem(CONSENT_STORAGE_KEY, 'accepted');
  render(<Page />);
  expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
});

it('reopens from the footer, shows the answer given, and withdraws it: the pixel stops and its cookie goes', () => {
  answer('accepted');
  setPixelId(PIXEL_ID);
  document.cookie = '_fbp=fb.1.123.456; path=/';
  render(<Page />);
  scriptLoads();
  expect(trackedCalls()).toHaveLength(1);
  fireEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
  const banner = screen.getByRole('region', { name: 'Cookie consent' });
  expect(banner).toHaveFocus();
  expect(banner).toHaveTextContent('You accepted the advertising cookie on 20 November 2026.');
  fireEvent.click(screen.getByRole('button', { name: 'Withdraw consent' }));
  expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  expect(stored().choice).toBe('withdrawn');
  expect(recorded).toHaveBeenCalledWith(expect.objectContaining({ choice: 'withdrawn' }));
  expect(handed.slice(-1)).toEqual([['consent', 'revoke']]);
  expect(document.cookie).not.toContain('_fbp');
});

it('closes the reopened settings without changing the answer', () => {
  answer('declined');
  setPixelId(PIXEL_ID);
  render(<Page />);
  fireEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  expect(stored().choice).toBe('declined');
  expect(recorded).not.toHaveBeenCalled();
});

it('never loads the pixel after the visitor declines', () => {
  setPixelId(PIXEL_ID);
  render(<Page />);
  fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
  visit('/about');
  expect(window.fbq).toBeUndefined();
  expect(stored().choice).toBe('declined');
  expect(recorded).toHaveBeenCalledWith(expect.objectContaining({ choice: 'declined' }));
});
