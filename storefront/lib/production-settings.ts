/**
 * What a live storefront needs of its settings, checked when the production server starts
 * (instrumentation.ts) and listed by `npm run doctor`. `npm start` passes these checks with the
 * local addresses and secrets it generates; a public shop must set its own.
 */
import {
  blockingProblems,
  LOOPBACK_HOSTS,
  settingChecks,
  type SettingCheck,
} from '@aba-shop/service-kit/settings';
import { parseStorefrontConfig } from './config';

export { blockingProblems, type SettingCheck };

function siteUrlProblem(siteUrl: string | undefined): string | false {
  if (!siteUrl) {
    return "SITE_URL is not set, so canonical links, the sitemap and shared links point at http://127.0.0.1:3000: set the shop's public address (https://…)";
  }
  const url = new URL(siteUrl);
  if (url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname)) return false;
  return `SITE_URL is ${siteUrl}: a public shop is served over https, so set its https:// address`;
}

export function checkProductionSettings(env: Record<string, string | undefined>): SettingCheck[] {
  try {
    parseStorefrontConfig(env);
  } catch (error) {
    return [
      {
        variable: 'configuration',
        requirement: 'Every variable is valid',
        problem: (error as Error).message,
      },
    ];
  }
  const { checks, add } = settingChecks();
  add(
    'SITE_URL',
    "SITE_URL is the shop's public https:// address",
    siteUrlProblem(env.SITE_URL || undefined),
  );
  add(
    'REVALIDATE_SECRET',
    "REVALIDATE_SECRET is set (the same value as the CMS's): a published change shows at once",
    !env.REVALIDATE_SECRET &&
      'REVALIDATE_SECRET is not set, so the CMS cannot tell the storefront of a published change and marketers wait for the refresh timer: set the same random value (at least 16 characters) here and in the CMS',
  );
  add(
    'PREVIEW_SECRET',
    "PREVIEW_SECRET is set (the same value as the CMS's): marketers can preview drafts",
    !env.PREVIEW_SECRET &&
      "PREVIEW_SECRET is not set, so the CMS's draft preview cannot open: set the same random value (at least 16 characters) here and in the CMS",
  );
  return checks;
}
