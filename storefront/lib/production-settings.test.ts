import { blockingProblems, checkProductionSettings } from './production-settings';

const live = {
  SITE_URL: 'https://abaparentguides.com',
  REVALIDATE_SECRET: 'revalidate-secret-0123456789',
  PREVIEW_SECRET: 'preview-secret-0123456789',
};

describe("the storefront's production settings", () => {
  it('refuses a server without its public address and the secrets shared with the CMS, one line each', () => {
    expect(blockingProblems(checkProductionSettings({}))).toEqual([
      "SITE_URL is not set, so canonical links, the sitemap and shared links point at http://127.0.0.1:3000: set the shop's public address (https://…)",
      'REVALIDATE_SECRET is not set, so the CMS cannot tell the storefront of a published change and marketers wait for the refresh timer: set the same random value (at least 16 characters) here and in the CMS',
      "PREVIEW_SECRET is not set, so the CMS's draft preview cannot open: set the same random value (at least 16 characters) here and in the CMS",
    ]);
  });

  it('passes a live configuration, and the local run that npm start makes', () => {
    expect(blockingProblems(checkProductionSettings(live))).toEqual([]);
    expect(
      blockingProblems(checkProductionSettings({ ...live, SITE_URL: 'http://127.0.0.1:3000' })),
    ).toEqual([]);
  });

  it('refuses a public address without https', () => {
    expect(
      blockingProblems(
        checkProductionSettings({ ...live, SITE_URL: 'http://abaparentguides.com' }),
      ),
    ).toEqual([
      'SITE_URL is http://abaparentguides.com: a public shop is served over https, so set its https:// address',
    ]);
  });

  it('reports an invalid variable as the one problem', () => {
    expect(blockingProblems(checkProductionSettings({ ...live, CMS_URL: 'cms' }))).toEqual([
      'Invalid configuration: CMS_URL must be an absolute URL such as http://127.0.0.1:1337',
    ]);
  });
});
