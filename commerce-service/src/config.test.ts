import path from 'node:path';
import { loadConfig } from './config.ts';

const required = {
  DOWNLOAD_SIGNING_SECRET: 'a-download-signing-secret-0123456789',
  BETTER_AUTH_SECRET: 'a-better-auth-secret-0123456789abcdef',
};

describe('loadConfig', () => {
  it('applies the embedded defaults when only the secret is set', () => {
    const config = loadConfig(required);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.PORT).toBe(4000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.sqliteFile).toMatch(/\.data[/\\]commerce\.sqlite$/);
    expect(config.ASSETS_DIR).toMatch(/\.data[/\\]assets$/);
    expect(config.MAIL_OUTBOX_DIR).toMatch(/\.data[/\\]mail$/);
    expect(config.STRIPE_SECRET_KEY).toBeUndefined();
    expect(config.PRODUCT_PAYMENT_LINKS).toEqual({});
  });

  it('requires the download signing secret, saying how to get one', () => {
    expect(() => loadConfig({})).toThrow(
      /^Invalid configuration: DOWNLOAD_SIGNING_SECRET is required/,
    );
    expect(() => loadConfig({ ...required, DOWNLOAD_SIGNING_SECRET: 'short' })).toThrow(
      /^Invalid configuration: DOWNLOAD_SIGNING_SECRET must be at least 32 characters/,
    );
  });

  it('reads the administrators, in any case', () => {
    expect(
      loadConfig({ ...required, ADMIN_EMAILS: ' Owner@Shop.com, help@shop.com ' }).ADMIN_EMAILS,
    ).toEqual(['owner@shop.com', 'help@shop.com']);
    expect(loadConfig(required).ADMIN_EMAILS).toEqual(['admin@example.com']);
    expect(() => loadConfig({ ...required, ADMIN_EMAILS: 'owner' })).toThrow(
      /^Invalid configuration: ADMIN_EMAILS/,
    );
  });

  it('reads per-product payment links and Stripe prices', () => {
    const config = loadConfig({
      ...required,
      PRODUCT_PAYMENT_LINKS:
        'ebook-aba-for-parents=https://buy.stripe.com/test_a, ebook-aba-case-studies=https://buy.stripe.com/test_b',
      PRODUCT_STRIPE_PRICES: 'ebook-aba-for-parents=price_123',
    });
    expect(config.PRODUCT_PAYMENT_LINKS).toEqual({
      'ebook-aba-for-parents': 'https://buy.stripe.com/test_a',
      'ebook-aba-case-studies': 'https://buy.stripe.com/test_b',
    });
    expect(config.PRODUCT_STRIPE_PRICES).toEqual({ 'ebook-aba-for-parents': 'price_123' });
  });

  it('believes forwarded client addresses from this machine only, unless told which proxies to trust', () => {
    expect(loadConfig(required).TRUST_PROXY).toEqual(['loopback']);
    expect(
      loadConfig({ ...required, TRUST_PROXY: 'uniquelocal, 10.0.0.0/8,fd00::1/64 ,192.0.2.7' })
        .TRUST_PROXY,
    ).toEqual(['uniquelocal', '10.0.0.0/8', 'fd00::1/64', '192.0.2.7']);
    expect(loadConfig({ ...required, TRUST_PROXY: '10.0.0.0/255.0.0.0' }).TRUST_PROXY).toEqual([
      '10.0.0.0/255.0.0.0',
    ]);
    for (const wrong of ['true', 'everyone', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/8', ' , '])
      expect(() => loadConfig({ ...required, TRUST_PROXY: wrong })).toThrow(
        /^Invalid configuration: TRUST_PROXY must be a comma-separated list of loopback/,
      );
  });

  it('allows no Stripe stand-in unless ALLOW_STRIPE_STAND_IN says so', () => {
    expect(loadConfig(required).ALLOW_STRIPE_STAND_IN).toBe(false);
    expect(loadConfig({ ...required, ALLOW_STRIPE_STAND_IN: 'true' }).ALLOW_STRIPE_STAND_IN).toBe(
      true,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ ...required, PORT: '' }).PORT).toBe(4000);
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT must be a port number from 0 to 65535$/],
    [{ PORT: '70000' }, /^Invalid configuration: PORT must be a port number from 0 to 65535$/],
    [
      { DATABASE_URL: 'mysql://localhost/shop' },
      /^Invalid configuration: DATABASE_URL must be a postgres/,
    ],
    [
      { STOREFRONT_URL: 'not a url' },
      /^Invalid configuration: STOREFRONT_URL must be an absolute URL/,
    ],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL /],
    [
      { STRIPE_SECRET_KEY: 'pk_test_abc' },
      /^Invalid configuration: STRIPE_SECRET_KEY must be a Stripe secret key/,
    ],
    [
      { PRODUCT_PAYMENT_LINKS: 'ebook=http://insecure' },
      /^Invalid configuration: PRODUCT_PAYMENT_LINKS must be a comma-separated list/,
    ],
    [{ SMTP_URL: 'http://mail' }, /^Invalid configuration: SMTP_URL must be an smtp/],
    [
      { ALLOW_STRIPE_STAND_IN: 'maybe' },
      /^Invalid configuration: ALLOW_STRIPE_STAND_IN must be true or false$/,
    ],
  ])('rejects %j with one message naming the variable', (env, message) => {
    expect(() => loadConfig({ ...required, ...env })).toThrow(message);
  });

  describe('embedded Stripe Checkout', () => {
    const stripe = { ...required, STRIPE_SECRET_KEY: 'sk_test_abc' };

    it('is hosted unless STRIPE_CHECKOUT_UI says embedded', () => {
      expect(loadConfig(stripe).STRIPE_CHECKOUT_UI).toBe('hosted');
      expect(() => loadConfig({ ...stripe, STRIPE_CHECKOUT_UI: 'iframe' })).toThrow(
        /^Invalid configuration: STRIPE_CHECKOUT_UI must be hosted or embedded$/,
      );
    });

    it('needs the publishable key with a Stripe secret key, saying where to find it', () => {
      expect(() => loadConfig({ ...stripe, STRIPE_CHECKOUT_UI: 'embedded' })).toThrow(
        'Invalid configuration: STRIPE_PUBLISHABLE_KEY is required with STRIPE_CHECKOUT_UI=embedded: set the publishable key (pk_…) from the Stripe dashboard of STRIPE_SECRET_KEY',
      );
      const config = loadConfig({
        ...stripe,
        STRIPE_CHECKOUT_UI: 'embedded',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      });
      expect(config.STRIPE_PUBLISHABLE_KEY).toBe('pk_test_abc');
    });

    it('takes only a publishable key as the publishable key', () => {
      expect(() =>
        loadConfig({
          ...stripe,
          STRIPE_CHECKOUT_UI: 'embedded',
          STRIPE_PUBLISHABLE_KEY: 'sk_test_abc',
        }),
      ).toThrow(/^Invalid configuration: STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key/);
    });

    it('needs no publishable key on the local test checkout, which has its own page', () => {
      expect(loadConfig({ ...required, STRIPE_CHECKOUT_UI: 'embedded' }).STRIPE_CHECKOUT_UI).toBe(
        'embedded',
      );
    });
  });

  it('accepts a PostgreSQL URL', () => {
    const url = 'postgresql://shop@db:5432/shop';
    expect(loadConfig({ ...required, DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });
});

describe('loadConfig: stamped PDFs', () => {
  it('keeps the stamped copies beside the assets, a gigabyte of them, unless told otherwise', () => {
    const defaults = loadConfig({ ...required, DATA_DIR: '/srv/shop' });
    expect(defaults.STAMPED_PDF_DIR).toBe(path.resolve('/srv/shop/stamped-pdfs'));
    expect(defaults.STAMPED_PDF_CACHE_MB).toBe(1024);
    const chosen = loadConfig({
      ...required,
      STAMPED_PDF_DIR: '/var/cache/stamped',
      STAMPED_PDF_CACHE_MB: '50',
    });
    expect(chosen.STAMPED_PDF_DIR).toBe(path.resolve('/var/cache/stamped'));
    expect(chosen.STAMPED_PDF_CACHE_MB).toBe(50);
  });

  it.each(['0', '1.5', 'lots'])('refuses STAMPED_PDF_CACHE_MB=%s, naming it', (value) => {
    expect(() => loadConfig({ ...required, STAMPED_PDF_CACHE_MB: value })).toThrow(
      /^Invalid configuration: STAMPED_PDF_CACHE_MB must be/,
    );
  });
});
