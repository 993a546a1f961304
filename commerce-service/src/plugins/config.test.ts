import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.PORT).toBe(4000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.sqliteFile).toMatch(/\.data[/\\]commerce\.sqlite$/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(4000);
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
  ])('rejects %j with one message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('accepts a PostgreSQL URL', () => {
    const url = 'postgresql://shop@db:5432/shop';
    expect(loadConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });
});
