/**
 * Keeping in touch (docs/product.md#keeping-in-touch): the newsletter's double opt-in and
 * one-click unsubscribe, checkout's news box, the welcome and the review request on the
 * schedule, their cancellation, the checkout reminder, reviews, and issues sent once.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import {
  buyLocally,
  createTestApp,
  pathOf,
  requestCheckout,
  signInByCode,
  stripeEnv,
  TEST_WEBHOOK_SECRET,
  type TestApp,
} from '../../test-support/app.ts';
import { deliverPendingReviews, eraseReviewsOfOrders } from '../reviews/service.ts';
import { startFakeCms, type FakeCms } from '../../test-support/fake-cms.ts';
import { NEWSLETTER_CONSENT_VERSION } from '@aba-shop/contract';
import { deliverStripeEvent, startFakeStripe } from '@aba-shop/test-kit/fake-stripe';
import { readBooks } from '../downloads/assets.ts';
import { sendDueFollowUps } from './service.ts';

const SECRET = 'member-content-secret-0123456789abcdef';
let t: TestApp | undefined;
let cms: FakeCms | undefined;

afterEach(async () => {
  await t?.close();
  await cms?.close();
  t = undefined;
  cms = undefined;
});

async function shop(env: Record<string, string> = {}) {
  cms = await startFakeCms(SECRET);
  t = await createTestApp({ MEMBER_CONTENT_SECRET: SECRET, CMS_URL: cms.url, ...env });
  return t;
}

/** Sends what the outbox holds and returns the messages to this address. */
async function mailTo(app: TestApp, email: string) {
  await app.app.mailWorker.runOnce();
  return app.mail.filter((message) => message.to === email);
}

/** The movable clock: every pending message of the address falls due now. */
async function bringDue(app: TestApp, email: string, kind?: string) {
  await app.app.db
    .updateTable('scheduled_messages')
    .set({ due_at: new Date(Date.now() - 1000).toISOString() })
    .where('email', '=', email)
    .$if(kind !== undefined, (query) => query.where('kind', '=', kind as never))
    .execute();
  return sendDueFollowUps(
    { db: app.app.db, config: app.database.config, books: readBooks() },
    app.app.log,
  );
}

function signUp(app: TestApp, email: string, extra: object = {}) {
  return app.app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribers',
    payload: {
      email,
      source: 'footer',
      language: 'en',
      consent: true,
      consentVersion: NEWSLETTER_CONSENT_VERSION,
      ...extra,
    },
  });
}

const linkIn = (text: string, pattern: RegExp) => {
  const url = pattern.exec(text)?.[0];
  if (!url) throw new Error(`no link matching ${pattern} in:\n${text}`);
  return url;
};

function unsubscribeOneClick(app: TestApp, url: string, multipart = false) {
  return app.app.inject({
    method: 'POST',
    url: pathOf(url),
    headers: {
      'content-type': multipart
        ? 'multipart/form-data; boundary=x'
        : 'application/x-www-form-urlencoded',
    },
    payload: multipart
      ? '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n'
      : 'List-Unsubscribe=One-Click',
  });
}

describe('the newsletter', () => {
  it('subscribes only through the e-mailed link, with the consent recorded', async () => {
    const app = await shop();
    const signedUp = await signUp(app, 'Parent@Example.com');
    expect(signedUp.statusCode).toBe(202);
    expect(signedUp.json()).toEqual({
      message: 'Almost there: check your inbox for a link to confirm your subscription.',
    });
    const waiting = await app.app.db.selectFrom('newsletter_subscribers').selectAll().execute();
    expect(waiting).toMatchObject([
      {
        email: 'parent@example.com',
        status: 'pending',
        source: 'footer',
        consent_version: NEWSLETTER_CONSENT_VERSION,
      },
    ]);
    expect(waiting[0]?.consent_text).toMatch(/unsubscribe with one click/);

    const [confirmation] = await mailTo(app, 'parent@example.com');
    expect(confirmation?.subject).toBe('Confirm your subscription to ABA Parent Guides');
    expect(confirmation?.listUnsubscribe).toBeNull();
    const token = new URL(
      linkIn(confirmation?.text ?? '', /http\S+\/newsletter\/confirm\S+/),
    ).searchParams.get('token');
    const confirmed = await app.app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'parent@example.com', status: 'confirmed' });

    // The same answer for a subscribed address, and no second e-mail.
    expect((await signUp(app, 'parent@example.com')).json()).toEqual(signedUp.json());
    expect(await mailTo(app, 'parent@example.com')).toHaveLength(1);
  });

  it('refuses a sign-up without the box, an altered link, and keeps a bot out quietly', async () => {
    const app = await shop();
    const refused = await signUp(app, 'a@example.com', { consent: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch('Tick the box to agree to receive the newsletter.');
    const bot = await signUp(app, 'bot@example.com', { website: 'http://spam' });
    expect(bot.statusCode).toBe(202);
    expect(await app.app.db.selectFrom('newsletter_subscribers').selectAll().execute()).toEqual([]);
    const altered = await app.app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      payload: { token: 'abc.def' },
    });
    expect(altered.statusCode).toBe(404);
    expect(altered.json().message).toMatch(/not valid or has expired/);
  });

  it('sends a published issue once to the confirmed addresses, spread out, with one-click unsubscribe', async () => {
    const app = await shop({ NEWSLETTER_SENDS_PER_MINUTE: '60' });
    for (const email of ['one@example.com', 'two@example.com']) {
      await signUp(app, email);
      const [mail] = await mailTo(app, email);
      const token = new URL(
        linkIn(mail?.text ?? '', /http\S+\/newsletter\/confirm\S+/),
      ).searchParams.get('token');
      await app.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
    }
    await signUp(app, 'waiting@example.com');
    cms?.issues.push({
      documentId: 'issue1',
      subject: 'Five small wins',
      previewLine: 'Celebrate them',
      body: 'Hello!\n\n- First win\n- Second win\n\nMore at https://example.com/blog.',
      buttonLabel: 'Read the blog',
      buttonUrl: 'https://example.com/blog',
      publishedAt: new Date().toISOString(),
    });
    const signal = () =>
      app.app.inject({
        method: 'POST',
        url: '/api/newsletter/issues/published',
        headers: { 'x-member-content-secret': SECRET },
        payload: { event: 'entry.publish', model: 'newsletter-issue' },
      });
    expect((await signal()).json()).toEqual({ queued: 2 });
    expect((await signal()).json()).toEqual({ queued: 0 });
    const queued = await app.app.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'next_attempt_at', 'list_unsubscribe'])
      .where('subject', '=', 'Five small wins')
      .orderBy('next_attempt_at')
      .execute();
    expect(queued.map((row) => row.to_address)).toEqual(['one@example.com', 'two@example.com']);
    // One a second at 60 a minute.
    expect(
      Date.parse(queued[1]?.next_attempt_at ?? '') - Date.parse(queued[0]?.next_attempt_at ?? ''),
    ).toBe(1000);
    await app.app.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(0).toISOString() })
      .execute();
    const [issue] = (await mailTo(app, 'one@example.com')).filter(
      (mail) => mail.subject === 'Five small wins',
    );
    expect(issue?.html).toContain('<li>First win</li>');
    expect(issue?.html).toContain(
      '<a href="https://example.com/blog" style="color:#065f46">https://example.com/blog</a>.',
    );
    expect(issue?.html).not.toMatch(/<script|<style|<link/);
    expect(issue?.text).toMatch(
      /Unsubscribe with one click: http\S+\/newsletter\/unsubscribe\?token=/,
    );

    const counts = await app.app.inject({
      url: '/api/newsletter/counts?issue=issue1',
      headers: { 'x-member-content-secret': SECRET },
    });
    expect(counts.json()).toMatchObject({
      subscribers: { confirmed: 2, pending: 1, unsubscribed: 0 },
      issue: { recipients: 2, sent: 2 },
    });
    expect((await app.app.inject({ url: '/api/newsletter/counts' })).statusCode).toBe(401);

    // RFC 8058: the header's address, posted with `List-Unsubscribe=One-Click`, is enough.
    const gone = await unsubscribeOneClick(app, issue?.listUnsubscribe ?? '');
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ email: 'one@example.com', status: 'unsubscribed' });
    expect((await unsubscribeOneClick(app, issue?.listUnsubscribe ?? '', true)).statusCode).toBe(
      200,
    );
    cms?.issues.push({
      ...(cms.issues[0] as object),
      documentId: 'issue2',
      subject: 'Second issue',
    });
    expect((await signal()).json()).toEqual({ queued: 1 });

    // An issue still queued for an address when it unsubscribes is not sent to it.
    const [queued2] = await app.app.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'list_unsubscribe'])
      .where('subject', '=', 'Second issue')
      .execute();
    expect(queued2?.to_address).toBe('two@example.com');
    const second = await unsubscribeOneClick(app, queued2?.list_unsubscribe ?? '');
    expect(second.statusCode).toBe(200);
    expect(
      await app.app.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('subject', '=', 'Second issue')
        .execute(),
    ).toEqual([]);
  });

  it("e-mails a marketer's preview to them, marked so", async () => {
    const app = await shop();
    const preview = await app.app.inject({
      method: 'POST',
      url: '/api/newsletter/issues/preview',
      headers: { 'x-member-content-secret': SECRET },
      payload: {
        to: 'marketer@example.com',
        issue: {
          subject: 'Draft',
          previewLine: null,
          body: 'Hello',
          buttonLabel: null,
          buttonUrl: null,
        },
      },
    });
    expect(preview.statusCode).toBe(202);
    expect((await mailTo(app, 'marketer@example.com')).map((mail) => mail.subject)).toEqual([
      '[Preview] Draft',
    ]);
    const unsigned = await app.app.inject({
      method: 'POST',
      url: '/api/newsletter/issues/preview',
      payload: {
        to: 'x@example.com',
        issue: { subject: 'D', previewLine: null, body: 'H', buttonLabel: null, buttonUrl: null },
      },
    });
    expect(unsigned.statusCode).toBe(401);
  });
});

async function payWithNews(app: TestApp, email: string, news: boolean) {
  const created = await requestCheckout(app.app);
  const sessionId = new URL(created.json().checkoutUrl as string).pathname
    .split('/')
    .pop() as string;
  const paid = await app.app.inject({
    method: 'POST',
    url: `/api/checkout/local/${sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `email=${encodeURIComponent(email)}&terms=accepted${news ? '&news=yes' : ''}`,
  });
  expect(paid.statusCode).toBe(303);
  return sessionId;
}

describe('after an eBook purchase', () => {
  it('joins the list only when the news box was ticked, confirmed by the order', async () => {
    const app = await shop();
    await payWithNews(app, 'ticked@example.com', true);
    await payWithNews(app, 'unticked@example.com', false);
    const rows = await app.app.db.selectFrom('newsletter_subscribers').selectAll().execute();
    expect(rows).toMatchObject([
      { email: 'ticked@example.com', status: 'confirmed', source: 'checkout' },
    ]);
    expect(rows[0]?.order_id).toBeTruthy();

    // The buyer sees what they agreed to, and what is scheduled to them, in their data export.
    const cookie = await signInByCode(app, 'ticked@example.com');
    const exported = await app.app.inject({ url: '/api/me/data-export', headers: { cookie } });
    expect(exported.json()).toMatchObject({
      newsletter: {
        status: 'confirmed',
        source: 'checkout',
        consentText: 'Send me the newsletter and occasional offers. I can unsubscribe at any time.',
      },
      scheduledMessages: [
        { kind: 'welcome-start', status: 'pending' },
        { kind: 'welcome-check-in', status: 'pending' },
        { kind: 'review-request', status: 'pending' },
      ],
    });
  });

  it('sends day 2 and day 7 of the welcome and the day-14 review request, each once', async () => {
    const app = await shop();
    const email = 'buyer@example.com';
    await buyLocally(app.app, [{ productId: 'ebook-aba-for-parents', quantity: 1 }], email);
    const scheduled = await app.app.db
      .selectFrom('scheduled_messages')
      .select(['kind', 'due_at', 'created_at'])
      .orderBy('due_at')
      .execute();
    expect(scheduled.map((row) => row.kind)).toEqual([
      'welcome-start',
      'welcome-check-in',
      'review-request',
    ]);
    const days = scheduled.map((row) =>
      Math.round((Date.parse(row.due_at) - Date.parse(row.created_at)) / 86_400_000),
    );
    expect(days).toEqual([2, 7, 14]);
    expect(
      await sendDueFollowUps(
        { db: app.app.db, config: app.database.config, books: readBooks() },
        app.app.log,
      ),
    ).toBe(0);

    expect(await bringDue(app, email, 'welcome-start')).toBe(1);
    expect(await bringDue(app, email)).toBe(2);
    expect(await bringDue(app, email)).toBe(0);
    const mails = (await mailTo(app, email)).slice(1);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Start with chapter 1',
      'How is it going?',
      'How are you finding eBook ABA for Parents?',
    ]);
    const [start, checkIn, review] = mails;
    expect(start?.text).toContain('chapter 1, "Understanding ABA and Your Child"');
    expect(start?.text).toMatch(/\/library\/open#/);
    expect(checkIn?.text).toContain('chapter 6: "Understanding Challenging Behaviour"');
    expect(checkIn?.replyTo).toBe(app.database.config.SUPPORT_EMAIL);
    for (const mail of mails) {
      expect(mail.listUnsubscribe).toMatch(/\/api\/newsletter\/unsubscribe\?token=/);
      expect(mail.html).not.toMatch(/<script|<style/);
    }

    // The review link: the form's request, one review, then refused.
    const link = linkIn(review?.text ?? '', /http\S+\/review\?token=\S+/);
    const token = new URL(link).searchParams.get('token') as string;
    const request = await app.app.inject({
      url: `/api/reviews/request?token=${encodeURIComponent(token)}`,
    });
    expect(request.json()).toEqual({
      productId: 'ebook-aba-for-parents',
      productName: expect.any(String),
      reviewed: false,
    });
    const body = {
      token,
      rating: 5,
      text: 'Clear, kind and practical: our mornings are calmer.',
      firstName: 'Anna',
      childAge: '4-5 years',
      consentToPublish: true,
    };
    const sent = await app.app.inject({ method: 'POST', url: '/api/reviews', payload: body });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({
      message: 'Thank you! Your review will appear once we have read it.',
    });
    expect(
      (await app.app.inject({ method: 'POST', url: '/api/reviews', payload: body })).statusCode,
    ).toBe(409);
    expect(
      (
        await app.app.inject({ url: `/api/reviews/request?token=${encodeURIComponent(token)}` })
      ).json(),
    ).toMatchObject({ reviewed: true });
    // Delivered to the CMS as it arrived, tied to its order, and marked so.
    const delivered = () =>
      app.app.db.selectFrom('reviews').select('cms_document_id').executeTakeFirstOrThrow();
    for (let tries = 0; tries < 100 && !(await delivered()).cms_document_id; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await delivered()).cms_document_id).toBe('review1');
    expect(cms?.reviews).toMatchObject([
      { productId: 'ebook-aba-for-parents', rating: 5, firstName: 'Anna', childAge: '4-5 years' },
    ]);

    // Its buyer erased (docs/product.md#your-data): the words and names go at once, then the
    // review pass takes the CMS's copy back and the row goes.
    const stored = await app.app.db
      .selectFrom('reviews')
      .select(['id', 'order_id'])
      .executeTakeFirstOrThrow();
    expect(await eraseReviewsOfOrders(app.app.db, [stored.order_id])).toBe(1);
    expect(
      await app.app.db
        .selectFrom('reviews')
        .select(['text', 'first_name', 'child_age'])
        .executeTakeFirstOrThrow(),
    ).toEqual({ text: '', first_name: null, child_age: null });
    const reviewDeps = { db: app.app.db, config: app.app.config };
    expect(await deliverPendingReviews(reviewDeps, app.app.log)).toBe(1);
    expect(cms?.erased).toEqual([stored.id]);
    expect(cms?.reviews).toEqual([]);
    expect(await app.app.db.selectFrom('reviews').select('id').execute()).toEqual([]);
  });

  it('speaks Italian after a purchase that returned to an Italian thank-you page', async () => {
    const app = await shop();
    const email = 'genitore@example.com';
    const created = await app.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      payload: {
        products: [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
        successRouter: '/thank-you/aba-for-parents',
        cancelRouter: '/shop',
      },
    });
    const sessionId = (created.json().checkoutUrl as string).split('/').pop() as string;
    await app.app.inject({
      method: 'POST',
      url: `/api/checkout/local/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${email}&terms=accepted`,
    });
    expect(await bringDue(app, email)).toBe(3);
    const [, start, checkIn, review] = await mailTo(app, email);
    expect([start?.subject, checkIn?.subject, review?.subject]).toEqual([
      'Inizia dal capitolo 1',
      'Come sta andando?',
      'Come ti trovi con eBook ABA for Parents?',
    ]);
    expect(start?.html).toContain('<html lang="it">');
    expect(start?.text).toMatch(/Disiscriviti con un clic: http\S+lang=it/);
    expect(review?.text).toMatch(/\/review\?token=\S+&lang=it/);
  });

  it('cancels the rest when the order is refunded, and a review link then answers 410', async () => {
    const app = await shop({ ADMIN_EMAILS: 'admin@example.com' });
    const email = 'refunded@example.com';
    const sessionId = await buyLocally(
      app.app,
      [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
      email,
    );
    expect(await bringDue(app, email, 'welcome-start')).toBe(1);
    const order = await app.app.db
      .selectFrom('orders')
      .select('id')
      .where('checkout_session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    const admin = await signInByCode(app, 'admin@example.com');
    const refunded = await app.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds`,
      headers: { cookie: admin },
      payload: {},
    });
    expect(refunded.statusCode).toBe(200);
    const rows = await app.app.db
      .selectFrom('scheduled_messages')
      .select(['kind', 'status', 'cancel_reason'])
      .orderBy('due_at')
      .execute();
    expect(rows).toEqual([
      { kind: 'welcome-start', status: 'sent', cancel_reason: null },
      { kind: 'welcome-check-in', status: 'cancelled', cancel_reason: 'refunded' },
      { kind: 'review-request', status: 'cancelled', cancel_reason: 'refunded' },
    ]);
    expect(await bringDue(app, email)).toBe(0);
  });

  it('sends nothing more after a one-click unsubscribe, and checks again when a message falls due', async () => {
    const app = await shop();
    const email = 'stop@example.com';
    await buyLocally(app.app, [{ productId: 'ebook-aba-for-parents', quantity: 1 }], email);
    expect(await bringDue(app, email, 'welcome-start')).toBe(1);
    const [, welcome] = await mailTo(app, email);
    expect((await unsubscribeOneClick(app, welcome?.listUnsubscribe ?? '')).statusCode).toBe(200);
    expect(
      await app.app.db
        .selectFrom('scheduled_messages')
        .select('status')
        .where('status', '=', 'pending')
        .execute(),
    ).toEqual([]);
    expect(await bringDue(app, email)).toBe(0);
    expect(await mailTo(app, email)).toHaveLength(2);
  });
});

describe('checkout recovery', () => {
  async function leave(app: TestApp, email: string, news: boolean) {
    const created = await requestCheckout(app.app);
    const sessionId = new URL(created.json().checkoutUrl as string).pathname
      .split('/')
      .pop() as string;
    const left = await app.app.inject({
      method: 'POST',
      url: `/api/checkout/local/${sessionId}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(email)}${news ? '&news=yes' : ''}`,
    });
    expect(left.statusCode).toBe(303);
    return sessionId;
  }

  it('is off unless CHECKOUT_RECOVERY_MINUTES is set', async () => {
    const app = await shop();
    await leave(app, 'left@example.com', true);
    expect(await app.app.db.selectFrom('scheduled_messages').selectAll().execute()).toEqual([]);
  });

  it('reminds once, with a fresh checkout, only a buyer who agreed; none after they bought', async () => {
    const app = await shop({ CHECKOUT_RECOVERY_MINUTES: '60' });
    await leave(app, 'nobox@example.com', false);
    const email = 'left@example.com';
    const first = await leave(app, email, true);
    const rows = await app.app.db
      .selectFrom('scheduled_messages')
      .select(['kind', 'email', 'subject_id', 'due_at', 'created_at'])
      .execute();
    expect(rows).toMatchObject([{ kind: 'checkout-reminder', email, subject_id: first }]);
    expect(
      Date.parse(rows[0]?.due_at ?? '') - Date.parse(rows[0]?.created_at ?? ''),
    ).toBeGreaterThanOrEqual(59 * 60_000);

    expect(await bringDue(app, email)).toBe(1);
    const [reminder] = await mailTo(app, email);
    expect(reminder?.subject).toBe('You left something in your basket');
    const fresh = linkIn(reminder?.text ?? '', /http\S+\/api\/checkout\/local\/\S+/);
    expect(fresh).not.toContain(first);
    // Buying through it; a later basket left is reminded of, but not one left before the order.
    const freshId = new URL(fresh).pathname.split('/').pop() as string;
    const paid = await app.app.inject({
      method: 'POST',
      url: `/api/checkout/local/${freshId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${email}&terms=accepted`,
    });
    expect(paid.statusCode).toBe(303);
    expect(await bringDue(app, email, 'checkout-reminder')).toBe(0);
    expect((await mailTo(app, email)).map((mail) => mail.subject)).toEqual([
      'You left something in your basket',
      'Your ABA Parent Guides order and downloads',
    ]);
  });
});

// SQLite is one process's database: replicas share PostgreSQL (docs/scaling.md).
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('on two replicas sharing one PostgreSQL database', () => {
  it('sends each scheduled message exactly once', async () => {
    const app = await shop();
    const second = await createTestApp({ ...envOf(app), MEMBER_CONTENT_SECRET: SECRET });
    try {
      const buyers = Array.from({ length: 12 }, (_, index) => `twin${index}@example.com`);
      for (const email of buyers)
        await buyLocally(app.app, [{ productId: 'ebook-aba-for-parents', quantity: 1 }], email);
      await app.app.db
        .updateTable('scheduled_messages')
        .set({ due_at: new Date(0).toISOString() })
        .execute();
      const deps = (x: TestApp) => ({
        db: x.app.db,
        config: x.database.config,
        books: readBooks(),
      });
      const [one, two] = await Promise.all([
        sendDueFollowUps(deps(app), app.app.log),
        sendDueFollowUps(deps(second), second.app.log),
      ]);
      expect(one + two).toBe(buyers.length * 3);
      const outbox = await app.app.db
        .selectFrom('mail_outbox')
        .select('dedupe_key')
        .where('dedupe_key', 'like', 'scheduled:%')
        .execute();
      expect(outbox).toHaveLength(buyers.length * 3);
      expect(new Set(outbox.map((row) => row.dedupe_key)).size).toBe(buyers.length * 3);
      // And the two mail workers deliver each of them once: the mails counted where they land.
      await Promise.all([app.app.mailWorker.runOnce(), second.app.mailWorker.runOnce()]);
      const delivered = [...app.mail, ...second.mail].filter((mail) =>
        /^(Start with chapter 1|How is it going\?|How are you finding)/.test(mail.subject),
      );
      expect(delivered).toHaveLength(buyers.length * 3);
      expect(new Set(delivered.map((mail) => `${mail.to} ${mail.subject}`)).size).toBe(
        buyers.length * 3,
      );
    } finally {
      await second.close();
    }
  });
});

/** The database of a running test app, for a second app on it (a replica). */
function envOf(app: TestApp): Record<string, string> {
  const { DATABASE_URL, DATA_DIR } = app.database.config;
  return { ...(DATABASE_URL ? { DATABASE_URL } : {}), DATA_DIR };
}

describe('checkout recovery on Stripe', () => {
  it('reminds of an expired session once, with its recovery address, only with promotions consent', async () => {
    const stripe = await startFakeStripe();
    const app = await shop({ ...stripeEnv(stripe), CHECKOUT_RECOVERY_MINUTES: '30' });
    try {
      // Sessions this shop opened with Stripe, left unpaid until they expired.
      const opened = async () => {
        const created = await requestCheckout(app.app);
        return (created.json().checkoutUrl as string).split('/').pop() as string;
      };
      const ids = { yes: await opened(), no: await opened() };
      const session = (email: string, promotions: string) => ({
        id: ids[email.split('@')[0] as 'yes' | 'no'],
        object: 'checkout.session',
        customer_details: { email },
        consent: { promotions },
        after_expiration: { recovery: { url: `https://buy.stripe.test/r/${email.split('@')[0]}` } },
      });
      const expire = (object: Record<string, unknown>, id: string) =>
        deliverStripeEvent(
          app.app,
          { id, type: 'checkout.session.expired', object },
          TEST_WEBHOOK_SECRET,
        );
      expect((await expire(session('yes@example.com', 'opt_in'), 'evt_1')).statusCode).toBe(200);
      expect((await expire(session('no@example.com', 'opt_out'), 'evt_2')).statusCode).toBe(200);
      expect((await expire(session('yes@example.com', 'opt_in'), 'evt_3')).statusCode).toBe(200);
      const rows = await app.app.db
        .selectFrom('scheduled_messages')
        .select(['email', 'details'])
        .execute();
      expect(rows).toEqual([
        {
          email: 'yes@example.com',
          details: JSON.stringify({ recoveryUrl: 'https://buy.stripe.test/r/yes' }),
        },
      ]);
      expect(await bringDue(app, 'yes@example.com')).toBe(1);
      const [reminder] = await mailTo(app, 'yes@example.com');
      expect(reminder?.text).toContain('Finish your order: https://buy.stripe.test/r/yes');
    } finally {
      await stripe.close();
    }
  });
});

describe('a refund Stripe makes', () => {
  it('cancels what was to follow the order, with the order refunded', async () => {
    const stripe = await startFakeStripe();
    const app = await shop(stripeEnv(stripe));
    try {
      const email = 'stripe.refund@example.com';
      const created = await requestCheckout(app.app);
      const sessionId = (created.json().checkoutUrl as string).split('/').pop() as string;
      const paid = stripe.pay(sessionId, email);
      const deliver = (type: string, object: Record<string, unknown>, id: string) =>
        deliverStripeEvent(app.app, { id, type, object }, TEST_WEBHOOK_SECRET);
      expect(
        (await deliver('checkout.session.completed', { id: sessionId }, 'evt_paid')).statusCode,
      ).toBe(200);
      expect(
        (await app.app.db.selectFrom('scheduled_messages').select('status').execute()).map(
          (row) => row.status,
        ),
      ).toEqual(['pending', 'pending', 'pending']);
      const refunded = await deliver(
        'charge.refunded',
        { refunded: true, payment_intent: paid.payment_intent },
        'evt_refunded',
      );
      expect(refunded.statusCode).toBe(200);
      expect(
        await app.app.db
          .selectFrom('scheduled_messages')
          .select(['status', 'cancel_reason'])
          .execute(),
      ).toEqual([
        { status: 'cancelled', cancel_reason: 'refunded' },
        { status: 'cancelled', cancel_reason: 'refunded' },
        { status: 'cancelled', cancel_reason: 'refunded' },
      ]);
    } finally {
      await stripe.close();
    }
  });
});
