/**
 * @jest-environment node
 */
import { startSentryReceiver } from '@aba-shop/test-kit/sentry-receiver';

let receiver: Awaited<ReturnType<typeof startSentryReceiver>>;
const runtime = process.env.NEXT_RUNTIME;
beforeAll(async () => {
  receiver = await startSentryReceiver();
  process.env.SENTRY_DSN = receiver.dsn;
  process.env.NEXT_RUNTIME = 'nodejs';
});
afterAll(async () => {
  delete process.env.SENTRY_DSN;
  process.env.NEXT_RUNTIME = runtime;
  await receiver.close();
});

it("reports an error Next met answering a request, with the app's route and nothing of the request", async () => {
  const { onRequestError } = await import('./instrumentation');
  await onRequestError(
    new TypeError('Cannot read properties of undefined'),
    {
      path: '/blog/a-private-slug?token=secret-token',
      method: 'GET',
      headers: { cookie: 'session=secret-cookie' },
    },
    {
      routerKind: 'App Router',
      routePath: '/blog/[slug]',
      routeType: 'render',
      renderSource: 'react-server-components',
      revalidateReason: undefined,
    },
  );
  expect(receiver.events).toHaveLength(1);
  const [{ event }] = receiver.events as [(typeof receiver.events)[0]];
  expect(event).toMatchObject({
    level: 'error',
    tags: { service: 'storefront', route: '/blog/[slug]' },
    exception: { values: [{ type: 'TypeError', value: 'Cannot read properties of undefined' }] },
  });
  const sent = JSON.stringify(event);
  for (const secret of ['a-private-slug', 'secret-token', 'secret-cookie']) {
    expect(sent).not.toContain(secret);
  }
});
