/**
 * The Google sign-in popup (docs/product.md#states, #constants-and-limits): 500×600 and centred on
 * the current window, checked every second for being closed, one at a time. The callback page hands
 * the result back by postMessage and, as a fallback for browsers that cut the opener, through
 * localStorage.
 */
export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 600;
export const CLOSED_CHECK_MS = 1000;
export const CALLBACK_MESSAGE_TYPE = 'shop-oauth-callback';
export const CALLBACK_STORAGE_KEY = 'shop-oauth-callback';

export interface CallbackResult {
  code: string | null;
  state: string | null;
  error: string | null;
  errorDescription: string | null;
}

export interface WindowBox {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}

/** `window.open` features for a popup centred on the opener. */
export function popupFeatures(box: WindowBox, width = POPUP_WIDTH, height = POPUP_HEIGHT): string {
  const left = Math.max(0, Math.round(box.screenX + (box.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(box.screenY + (box.outerHeight - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top},popup=yes`;
}

/** Reads what Google sent back to /auth/callback; null when it carries neither code nor error. */
export function readCallbackParams(search: URLSearchParams): CallbackResult | null {
  const code = search.get('code');
  const error = search.get('error');
  if (!code && !error) return null;
  return {
    code,
    state: search.get('state'),
    error,
    errorDescription: search.get('error_description'),
  };
}

export function isCallbackMessage(data: unknown): data is { type: string } & CallbackResult {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === CALLBACK_MESSAGE_TYPE
  );
}

export class PopupLoginError extends Error {
  override name = 'PopupLoginError';
}

let running: Promise<CallbackResult> | null = null;

/**
 * Opens the popup at `url` and resolves with the callback's result. Rejects when the popup is
 * blocked or closed without a result; a second call while one runs shares the first.
 */
export function waitForPopupResult(url: string): Promise<CallbackResult> {
  if (running) return running;
  running = new Promise<CallbackResult>((resolve, reject) => {
    window.localStorage.removeItem(CALLBACK_STORAGE_KEY);
    const popup = window.open(url, 'shop-google-login', popupFeatures(window));
    if (!popup) {
      reject(new PopupLoginError('Failed to open popup window'));
      return;
    }
    const finish = (result: CallbackResult | null, error?: Error) => {
      window.clearInterval(closedCheck);
      window.removeEventListener('message', onMessage);
      window.removeEventListener('storage', onStorage);
      window.localStorage.removeItem(CALLBACK_STORAGE_KEY);
      if (result) resolve(result);
      else reject(error);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isCallbackMessage(event.data)) return;
      finish(event.data);
    };
    const fromStorage = (): CallbackResult | null => {
      const raw = window.localStorage.getItem(CALLBACK_STORAGE_KEY);
      if (!raw) return null;
      try {
        const data: unknown = JSON.parse(raw);
        return isCallbackMessage(data) ? data : null;
      } catch {
        return null;
      }
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key !== CALLBACK_STORAGE_KEY) return;
      const result = fromStorage();
      if (result) finish(result);
    };
    const closedCheck = window.setInterval(() => {
      if (!popup.closed) return;
      // The storage fallback may have landed just before the popup closed.
      const result = fromStorage();
      if (result) finish(result);
      else finish(null, new PopupLoginError('User cancelled the login process'));
    }, CLOSED_CHECK_MS);
    window.addEventListener('message', onMessage);
    window.addEventListener('storage', onStorage);
  }).finally(() => {
    running = null;
  });
  return running;
}
