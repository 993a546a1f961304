import { parseStorefrontConfig } from './config';

describe('parseStorefrontConfig', () => {
  it('defaults to the local services', () => {
    expect(parseStorefrontConfig({})).toMatchObject({
      CMS_URL: 'http://127.0.0.1:1337',
      COMMERCE_URL: 'http://127.0.0.1:4000',
    });
  });

  it('names the variable that is wrong', () => {
    expect(() => parseStorefrontConfig({ CMS_URL: 'cms' })).toThrow(
      /^Invalid configuration: CMS_URL /,
    );
  });
});
