/**
 * What the shop itself can do for a visitor, with the page that does it: the passages the chat
 * retrieves beside the CMS content, so that "my link expired" is answered with the form that
 * sends fresh links rather than with a wait for support (docs/product.md#chat-assistant). These
 * describe the storefront's own pages, so they live with its code; the marketers' words about
 * the books live in the CMS.
 */
import { MEMBERSHIP_WITHDRAWAL } from '@/lib/membership/membership-offer';
import { SUPPORT_EMAIL } from '../protocol';
import type { Passage } from './passage';

const HOURS_A_DAY = 24;
const HOURS_A_WEEK = 7 * HOURS_A_DAY;

/** A number of hours as a parent says it: 168 is "a week", 72 "3 days", 12 "12 hours". */
export function hoursInWords(hours: number): string {
  const [count, unit] =
    hours % HOURS_A_WEEK === 0
      ? [hours / HOURS_A_WEEK, 'week']
      : hours % HOURS_A_DAY === 0
        ? [hours / HOURS_A_DAY, 'day']
        : [hours, 'hour'];
  if (count === 1) return unit === 'hour' ? 'an hour' : `a ${unit}`;
  return `${count} ${unit}s`;
}

const SHOP_HELP: readonly Passage[] = [
  {
    id: 'help:email-my-links',
    kind: 'shop-help',
    title: 'E-mail me my links: fresh download links for a purchase',
    text: [
      'If your download links are lost, expired or not working, you can get fresh ones yourself at any time: open the "E-mail me my links" form on our thank-you page, enter the e-mail address you used at checkout, and we e-mail you fresh download links for your purchases straight away.',
      'Please check your spam folder too. You can also sign in with that e-mail address on "Your purchases" to download your files.',
    ].join('\n'),
    keywords:
      'download link links button expired expire broken lost missing not working error fails failed resend again email receive received open file files purchase bought',
    url: '/thank-you',
    sourceTitle: 'the "E-mail me my links" form',
  },
  {
    id: 'help:your-purchases',
    kind: 'shop-help',
    title: 'Your purchases: download what you bought',
    text: 'Sign in with the same e-mail address you used at checkout, and "Your purchases" lists everything you bought, with a download button for each PDF and MP3, and your membership with "Manage membership". A purchase made with another e-mail address shows when you sign in with that one.',
    keywords:
      'account purchases bought order orders history download again redownload new phone computer device missing see',
    url: '/account',
    sourceTitle: 'Your purchases',
  },
  {
    id: 'help:sign-in',
    kind: 'shop-help',
    title: 'Signing in: a code by e-mail or Google',
    text: 'You do not need an account to buy. To see your purchases, sign in with a one-time code we send to your e-mail address, or with your Google account. There is no password to remember.',
    keywords: 'sign in signin log login logon account password register create code otp google',
    url: '/login',
    sourceTitle: 'the sign-in page',
  },
  {
    id: 'help:manage-membership',
    kind: 'shop-help',
    title: 'Manage or cancel your membership',
    text: 'Signed in, open "Your purchases" and choose "Manage membership" to update your card, see your next payment or cancel. A cancelled membership stays active until the end of the month you paid for.',
    keywords:
      'membership subscription cancel stop unsubscribe card billing renew renewal monthly charge',
    url: '/account',
    sourceTitle: 'Your purchases',
  },
  {
    id: 'help:membership-withdrawal',
    kind: 'shop-help',
    title: 'Withdrawing from the membership: 14 days to change your mind',
    text: MEMBERSHIP_WITHDRAWAL,
    keywords:
      'membership subscription refund money back change mind withdraw withdrawal return days',
    url: '/withdraw',
    sourceTitle: 'the withdrawal page',
  },
  {
    id: 'help:your-data',
    kind: 'shop-help',
    title: 'Your data: download it or have it deleted',
    text: `Signed in on your account page with the e-mail address you used at checkout, "Download my data" gives you a file with everything we hold about you, and "Delete my account and data" asks us to delete it; we confirm by e-mail and carry it out within one month. You can also write to ${SUPPORT_EMAIL}.`,
    keywords: 'delete deletion erase erasure forget gdpr rights',
    url: '/account',
    sourceTitle: 'Your account page',
  },
  {
    id: 'help:contact',
    kind: 'shop-help',
    title: 'Contact us',
    text: `Write to ${SUPPORT_EMAIL} or use the form on our Contact page, and our team will reply within 24 hours.`,
    keywords: 'contact support help human person email talk speak question problem team',
    url: '/contact',
    sourceTitle: 'our Contact page',
  },
];

/** The shop's help, with how long its download links work (DOWNLOAD_LINK_TTL_HOURS). */
export function shopHelpPassages(downloadLinkTtlHours: number): Passage[] {
  return [
    {
      id: 'help:link-lifetime',
      kind: 'shop-help',
      title: 'How long download links work',
      text: `Each download link we e-mail you works for ${hoursInWords(downloadLinkTtlHours)} after we send it. When it has expired, open the "E-mail me my links" form on our thank-you page and we e-mail you fresh links straight away, as often as you need.`,
      keywords: 'download link links last valid expire expiry time limit',
      url: '/thank-you',
      sourceTitle: 'the "E-mail me my links" form',
    },
    ...SHOP_HELP,
  ];
}
