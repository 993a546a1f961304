import {
  checkProductionSettings,
  DEVELOPMENT_ADMIN,
  parseCmsEnv,
  requireRuntimeSettings,
} from './env';

const secrets = {
  APP_KEYS: 'first-key-0123456789,second-key-0123456789',
  API_TOKEN_SALT: 'api-token-salt-0123456789',
  ADMIN_JWT_SECRET: 'admin-jwt-secret-0123456789',
  TRANSFER_TOKEN_SALT: 'transfer-salt-0123456789',
  JWT_SECRET: 'jwt-secret-0123456789',
  ENCRYPTION_KEY: 'encryption-key-0123456789',
};

describe('parseCmsEnv', () => {
  it('applies the embedded defaults', () => {
    const env = parseCmsEnv({});
    expect(env).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 1337,
      CMS_ADMIN_EMAIL: DEVELOPMENT_ADMIN.email,
    });
    expect(env.CMS_DATA_DIR).toMatch(/\.data$/);
  });

  it('splits APP_KEYS on commas', () => {
    expect(parseCmsEnv(secrets).APP_KEYS).toEqual([
      'first-key-0123456789',
      'second-key-0123456789',
    ]);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT must be a port number from 0 to 65535$/],
    [
      { CMS_DATABASE_URL: 'mysql://db/cms' },
      /^Invalid configuration: CMS_DATABASE_URL must be a postgres/,
    ],
    [{ JWT_SECRET: 'short' }, /^Invalid configuration: JWT_SECRET must be at least 16 characters/],
    [
      { MEMBER_CONTENT_SECRET: 'sixteen-characters' },
      /^Invalid configuration: MEMBER_CONTENT_SECRET must be at least 32 characters/,
    ],
    [
      { CMS_ADMIN_PASSWORD: 'alllowercase1' },
      /^Invalid configuration: CMS_ADMIN_PASSWORD must contain an upper-case letter/,
    ],
  ])('rejects %j with one message naming the variable', (env, message) => {
    expect(() => parseCmsEnv(env)).toThrow(message);
  });
});

const production = {
  ...secrets,
  NODE_ENV: 'production',
  REVALIDATE_SECRET: 'revalidate-secret-0123456789',
  PREVIEW_SECRET: 'preview-secret-0123456789',
  MEMBER_CONTENT_SECRET: 'member-content-secret-0123456789abcdef',
  CMS_ADMIN_PASSWORD: 'A-strong-Passw0rd',
};

describe('requireRuntimeSettings', () => {
  it('names the first missing secret', () => {
    const { JWT_SECRET: _omitted, ...withoutJwt } = secrets;
    expect(() => requireRuntimeSettings(parseCmsEnv(withoutJwt))).toThrow(
      /^Invalid configuration: JWT_SECRET is required/,
    );
  });

  it('accepts a complete set in development', () => {
    expect(() => requireRuntimeSettings(parseCmsEnv(secrets))).not.toThrow();
  });

  it('refuses the development password in production', () => {
    const { CMS_ADMIN_PASSWORD: _omitted, ...withDefaultPassword } = production;
    expect(() => requireRuntimeSettings(parseCmsEnv(withDefaultPassword))).toThrow(
      /^Invalid configuration: CMS_ADMIN_PASSWORD must be set to your own password in production/,
    );
  });

  it('requires the secrets shared with the storefront in production', () => {
    const { PREVIEW_SECRET: _omitted, ...withoutPreview } = production;
    expect(() => requireRuntimeSettings(parseCmsEnv(withoutPreview))).toThrow(
      /^Invalid configuration: PREVIEW_SECRET is required in production/,
    );
  });

  it('names every production problem at once, one line each', () => {
    const {
      PREVIEW_SECRET: _preview,
      REVALIDATE_SECRET: _revalidate,
      MEMBER_CONTENT_SECRET: _member,
      CMS_ADMIN_PASSWORD: _password,
      ...bare
    } = production;
    expect(() => requireRuntimeSettings(parseCmsEnv(bare))).toThrow(
      [
        'Invalid configuration: REVALIDATE_SECRET is required in production (a random value shared with the storefront)',
        'Invalid configuration: PREVIEW_SECRET is required in production (a random value shared with the storefront)',
        'Invalid configuration: MEMBER_CONTENT_SECRET is required in production (a random value of at least 32 characters shared with the commerce service, which reads the member resources with it)',
        'Invalid configuration: CMS_ADMIN_PASSWORD must be set to your own password in production (the development default is public)',
      ].join('\n'),
    );
  });

  it('lists every production requirement for the doctor, met or not', () => {
    const checks = checkProductionSettings(parseCmsEnv(production));
    expect(checks.map((check) => check.variable)).toEqual([
      ...Object.keys(secrets),
      'REVALIDATE_SECRET',
      'PREVIEW_SECRET',
      'MEMBER_CONTENT_SECRET',
      'CMS_ADMIN_PASSWORD',
    ]);
    expect(checks.filter((check) => check.problem)).toEqual([]);
  });

  it('accepts a complete production configuration', () => {
    expect(() => requireRuntimeSettings(parseCmsEnv(production))).not.toThrow();
  });

  it('lets `strapi build` load the configuration without any secret', () => {
    expect(parseCmsEnv({ NODE_ENV: 'production' }).NODE_ENV).toBe('production');
  });
});
