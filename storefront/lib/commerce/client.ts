/**
 * The one way the storefront calls the commerce API, from the browser (through the /api/*
 * proxy) and from the server (COMMERCE_URL): the answer, checked against its schema, or a
 * CommerceError of kind `no-answer`, `refused` (4xx, with the server's message) or `failed`
 * (docs/adr/0015-one-commerce-client-and-catalogue.md). The browser's calls are in ./api/.
 */

export type CommerceFailure = 'no-answer' | 'refused' | 'failed';

export class CommerceError extends Error {
  override name = 'CommerceError';
  constructor(
    readonly kind: CommerceFailure,
    /** The HTTP status of the answer, or null when none arrived. */
    readonly status: number | null,
    /** The server's own words on the failure, when its answer carried any. */
    readonly serverMessage: string | null,
    /** The failure's JSON body, for the routes that say more than a message (the contact form). */
    readonly body: unknown = null,
    options?: ErrorOptions,
  ) {
    super(serverMessage ?? describe(kind, status), options);
  }
}

function describe(kind: CommerceFailure, status: number | null): string {
  if (kind === 'no-answer' || status === null) return 'The commerce service could not be reached';
  if (status < 300) return "The commerce service's answer could not be read";
  return `The commerce service answered ${status}`;
}

/**
 * What an answer is checked with: the part of the Standard Schema interface (standardschema.dev)
 * the client uses. zod's schemas have it, and so do the browser's checks (./json-schema-answer.ts).
 */
type Validation<T> =
  { readonly value: T; readonly issues?: undefined } | { readonly issues: readonly unknown[] };

export interface AnswerSchema<T> {
  readonly '~standard': {
    readonly validate: (value: unknown) => Validation<T> | Promise<Validation<T>>;
  };
}

/** For calls whose answer the storefront does not read (sign-in steps, logout, confirmations). */
export const anyAnswer: AnswerSchema<unknown> = {
  '~standard': { validate: (value) => ({ value }) },
};

/** Checks a value as the client checks answers. */
export async function checkAnswer<T>(
  answer: AnswerSchema<T>,
  value: unknown,
): Promise<{ ok: true; value: T } | { ok: false }> {
  const result = await answer['~standard'].validate(value);
  return result.issues ? { ok: false } : { ok: true, value: (result as { value: T }).value };
}

export interface CommerceCall<T> {
  /** The API path, `/api/...`. */
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** What a 2xx answer must be. */
  answer: AnswerSchema<T>;
  /**
   * The field of a failure's body that holds the server's text: `message`, or `error` on the
   * sign-in and subscription-record routes, which answer failures as `{ error }`.
   */
  failureField?: 'message' | 'error';
}

export interface CommerceTransport {
  /** The commerce service's address on the server; the browser's own origin when absent. */
  origin?: string;
  /** Gives up on a service that does not answer within this time (server-side calls). */
  timeoutMs?: number;
  /** A server-side call made for a visitor: the Cookie header of their request, sent on. */
  cookie?: string;
  /** Further fetch options: `cache`, or Next's `next: { tags, revalidate }`. */
  init?: RequestInit & { next?: { tags?: string[]; revalidate?: number | false } };
}

const readJson = (response: Response): Promise<unknown> => response.json().catch(() => null);

function serverText(body: unknown, field: 'message' | 'error'): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const text = (body as Record<string, unknown>)[field];
  return typeof text === 'string' && text.trim() ? text.trim() : null;
}

export async function callCommerce<T>(
  call: CommerceCall<T>,
  { origin, timeoutMs, cookie, init }: CommerceTransport = {},
): Promise<T> {
  const { path, method = 'GET', body, answer, failureField = 'message' } = call;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  let response: Response;
  try {
    response = await fetch(origin ? new URL(path, origin) : path, {
      ...init,
      method,
      credentials: 'same-origin',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      ...(timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(timeoutMs) }),
    });
  } catch (cause) {
    throw new CommerceError('no-answer', null, null, null, { cause });
  }
  const json = await readJson(response);
  if (!response.ok) {
    const kind = response.status >= 400 && response.status < 500 ? 'refused' : 'failed';
    throw new CommerceError(kind, response.status, serverText(json, failureField), json);
  }
  const checked = await checkAnswer(answer, json);
  if (!checked.ok) throw new CommerceError('failed', response.status, null, json);
  return checked.value;
}
