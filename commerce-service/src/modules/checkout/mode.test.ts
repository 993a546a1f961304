import { createTestApp } from '../../test-support/app.ts';

/** GET /api/checkout/mode of a shop with these settings. */
async function modeWith(env: Record<string, string>) {
  const t = await createTestApp(env);
  try {
    const response = await t.app.inject({ url: '/api/checkout/mode' });
    expect(response.statusCode).toBe(200);
    return response.json();
  } finally {
    await t.close();
  }
}

describe('GET /api/checkout/mode', () => {
  it.each([
    ['a local run', { NODE_ENV: 'development' }, 'development'],
    ['a staging shop on the test checkout', { NODE_ENV: 'production' }, 'test'],
    [
      'a staging shop on a Stripe test key',
      {
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_a',
      },
      'test',
    ],
    [
      'a live shop',
      {
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_a',
      },
      'live',
    ],
  ])('says whether %s charges its buyers', async (_shop, env, mode) => {
    expect(await modeWith(env)).toEqual({ mode });
  });
});
