/**
 * The keeping-in-touch messages (docs/product.md#keeping-in-touch) as the common mail clients
 * need them: a plain-text part and an HTML part, the HTML styled inline only (no <style>, no
 * stylesheet, no class to style by, no script, no web font), in the message's language, and the
 * way out in both parts of every message that is not about an order.
 */
import { describe, expect, it } from '@jest/globals';
import {
  checkoutReminderMail,
  issueBodyHtml,
  membershipPaymentFailedMail,
  newsletterConfirmationMail,
  newsletterIssueMail,
  reviewRequestMail,
  welcomeCheckInMail,
  welcomeStartMail,
  type FollowUpBook,
} from './follow-up-templates.ts';
import type { RenderedMail } from './templates.ts';

const UNSUBSCRIBE = 'https://shop.example/newsletter/unsubscribe?token=abc';
const BOOK: FollowUpBook = {
  title: 'ABA for Parents',
  firstChapter: 'Understanding ABA and Your Child',
  struggleChapter: { number: 6, title: 'Understanding Challenging Behaviour' },
};

const messages = (language: 'en' | 'it'): [string, RenderedMail, boolean][] => [
  [
    'the confirmation',
    newsletterConfirmationMail({
      language,
      confirmUrl: 'https://shop.example/newsletter/confirm?token=t',
    }),
    false,
  ],
  [
    'day 2 of the welcome',
    welcomeStartMail({
      language,
      books: [BOOK],
      libraryUrl: 'https://shop.example/library/open#t',
      supportEmail: 'support@example.com',
      unsubscribeUrl: UNSUBSCRIBE,
    }),
    true,
  ],
  [
    'day 7 of the welcome',
    welcomeCheckInMail({
      language,
      books: [BOOK],
      supportEmail: 'support@example.com',
      unsubscribeUrl: UNSUBSCRIBE,
    }),
    true,
  ],
  [
    'the review request',
    reviewRequestMail({
      language,
      links: [{ productName: 'eBook ABA for Parents', url: 'https://shop.example/review?token=t' }],
      unsubscribeUrl: UNSUBSCRIBE,
    }),
    true,
  ],
  [
    'the checkout reminder',
    checkoutReminderMail({
      language,
      items: ['eBook ABA for Parents'],
      checkoutUrl: 'https://shop.example/api/checkout/local/cs_local_x',
      supportEmail: 'support@example.com',
      unsubscribeUrl: UNSUBSCRIBE,
    }),
    true,
  ],
];

describe.each(['en', 'it'] as const)('the keeping-in-touch messages in %s', (language) => {
  it.each(messages(language))('%s renders for mail clients', (_name, mail, wayOut) => {
    expect(mail.subject.length).toBeGreaterThan(5);
    expect(mail.text.length).toBeGreaterThan(50);
    expect(mail.html).toContain(`<html lang="${language}">`);
    expect(mail.html).not.toMatch(/<script|<style|<link|\sclass=|@import|@font-face|javascript:/i);
    // Every link the HTML has, the text has too: a plain-text reader misses nothing.
    for (const [, href] of mail.html.matchAll(/href="([^"]+)"/g))
      expect(mail.text).toContain((href as string).replaceAll('&amp;', '&'));
    if (wayOut) {
      expect(mail.text).toContain(UNSUBSCRIBE);
      expect(mail.html).toContain(`href="${UNSUBSCRIBE}"`);
    }
  });
});

describe('the words of each language', () => {
  it('are Italian in the Italian messages, and English in the English ones', () => {
    const subjects = (language: 'en' | 'it') => messages(language).map(([, mail]) => mail.subject);
    expect(subjects('en')).toEqual([
      'Confirm your subscription to ABA Parent Guides',
      'Start with chapter 1',
      'How is it going?',
      'How are you finding eBook ABA for Parents?',
      'You left something in your basket',
    ]);
    expect(subjects('it')).toEqual([
      'Conferma la tua iscrizione ad ABA Parent Guides',
      'Inizia dal capitolo 1',
      'Come sta andando?',
      'Come ti trovi con eBook ABA for Parents?',
      'Hai lasciato qualcosa nel carrello',
    ]);
  });
});

describe("a marketer's issue", () => {
  it('turns paragraphs, lists and web addresses into HTML, and nothing else', () => {
    expect(
      issueBodyHtml(
        'Hello <b>you</b>\nsecond line\n\n- one\n- two https://example.com/a?b=1&c=2.\n\nSee https://example.com.',
      ),
    ).toBe(
      [
        '<p>Hello &lt;b&gt;you&lt;/b&gt;<br>second line</p>',
        '<ul><li>one</li><li>two <a href="https://example.com/a?b=1&amp;c=2" style="color:#065f46">https://example.com/a?b=1&amp;c=2</a>.</li></ul>',
        '<p>See <a href="https://example.com" style="color:#065f46">https://example.com</a>.</p>',
      ].join('\n'),
    );
  });

  it('carries its preview line hidden, its button, and the way out; a preview says so', () => {
    const mail = newsletterIssueMail(
      {
        subject: 'Small wins',
        previewLine: 'Celebrate them',
        body: 'Hello',
        buttonLabel: 'Read more',
        buttonUrl: 'https://example.com/blog',
      },
      { unsubscribeUrl: UNSUBSCRIBE, preview: true },
    );
    expect(mail.subject).toBe('[Preview] Small wins');
    expect(mail.html).toContain(
      '<div style="display:none;max-height:0;overflow:hidden">Celebrate them</div>',
    );
    expect(mail.text).toContain('Read more: https://example.com/blog');
    expect(mail.text).toContain(UNSUBSCRIBE);
    expect(mail.html).not.toMatch(/<script|<style|\sclass=/);
  });
});

describe('the failed membership payment', () => {
  it('has no way out: it is about the contract', () => {
    const mail = membershipPaymentFailedMail({
      accountUrl: 'https://shop.example/account',
      supportEmail: 's@example.com',
    });
    expect(mail.text).not.toMatch(/unsubscribe/i);
    expect(mail.text).toContain('https://shop.example/account');
  });
});
