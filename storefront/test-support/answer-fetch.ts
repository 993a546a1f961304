/**
 * Makes `fetch` answer every request with this status and body, as JSON (a string is sent as it
 * is), the way the commerce service answers the storefront's calls.
 */
export function answerFetch(status: number, body: unknown) {
  global.fetch = jest.fn(
    async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
}
