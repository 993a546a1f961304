import { parseStorefrontConfig } from './config';

describe('parseStorefrontConfig', () => {
  it('defaults to the local services', () => {
    expect(parseStorefrontConfig({})).toMatchObject({
      CMS_URL: 'http://127.0.0.1:1337',
      COMMERCE_URL: 'http://127.0.0.1:4000',
    });
  });

  it('leaves the chat model unconfigured by default, so the assistant uses its canned replies', () => {
    const config = parseStorefrontConfig({});
    expect(config.CHAT_API_URL).toBeUndefined();
    expect(config.CHAT_API_KEY).toBeUndefined();
    expect(config.CHAT_MODEL).toBe('gpt-4o-mini');
  });

  it('reads the chat model settings, an empty key counting as unset', () => {
    expect(
      parseStorefrontConfig({
        CHAT_API_URL: 'https://api.example.com/v1/chat/completions',
        CHAT_API_KEY: '',
        CHAT_MODEL: 'llama3.2',
      }),
    ).toMatchObject({
      CHAT_API_URL: 'https://api.example.com/v1/chat/completions',
      CHAT_MODEL: 'llama3.2',
    });
    expect(parseStorefrontConfig({ CHAT_API_KEY: '' }).CHAT_API_KEY).toBeUndefined();
    expect(parseStorefrontConfig({ CHAT_API_KEY: 'sk-1' }).CHAT_API_KEY).toBe('sk-1');
    expect(() => parseStorefrontConfig({ CHAT_API_URL: 'api.example.com' })).toThrow(
      /^Invalid configuration: CHAT_API_URL /,
    );
  });

  it('trusts no proxy unless told which, so the socket says who the visitor is', () => {
    expect(parseStorefrontConfig({}).TRUSTED_PROXIES).toEqual([]);
    expect(
      parseStorefrontConfig({ TRUSTED_PROXIES: 'loopback, 10.0.0.0/8,fd00::1/64 ,192.0.2.7' })
        .TRUSTED_PROXIES,
    ).toEqual(['loopback', '10.0.0.0/8', 'fd00::1/64', '192.0.2.7']);
    expect(
      parseStorefrontConfig({ TRUSTED_PROXIES: 'loopback, 10.0.0.0/255.0.0.0' }).TRUSTED_PROXIES,
    ).toEqual(['loopback', '10.0.0.0/255.0.0.0']);
    expect(() => parseStorefrontConfig({ TRUSTED_PROXIES: ' , ' })).toThrow(
      /^Invalid configuration: TRUSTED_PROXIES must be a comma-separated list/,
    );
    for (const wrong of ['true', 'everyone', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/8'])
      expect(() => parseStorefrontConfig({ TRUSTED_PROXIES: `loopback,${wrong}` })).toThrow(
        `Invalid configuration: TRUSTED_PROXIES must be a comma-separated list of loopback, linklocal, uniquelocal, IP addresses and CIDR ranges; "${wrong}" is not`,
      );
  });

  it("has no ad pixel unless given Meta's id for one, and refuses anything else", () => {
    expect(parseStorefrontConfig({}).META_PIXEL_ID).toBeUndefined();
    expect(parseStorefrontConfig({ META_PIXEL_ID: '' }).META_PIXEL_ID).toBeUndefined();
    expect(parseStorefrontConfig({ META_PIXEL_ID: '123456789012345' }).META_PIXEL_ID).toBe(
      '123456789012345',
    );
    expect(parseStorefrontConfig({ META_PIXEL_ID: '1234567890123456' }).META_PIXEL_ID).toBe(
      '1234567890123456',
    );
    for (const wrong of ['12345', '12345678901234567', 'fb-123456789012345', ' 123456789012345'])
      expect(() => parseStorefrontConfig({ META_PIXEL_ID: wrong })).toThrow(
        "Invalid configuration: META_PIXEL_ID must be the pixel's id as Meta's Events Manager shows it: 15 or 16 digits",
      );
  });

  it('names the variable that is wrong', () => {
    expect(() => parseStorefrontConfig({ CMS_URL: 'cms' })).toThrow(
      /^Invalid configuration: CMS_URL /,
    );
  });
});
