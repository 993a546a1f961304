/**
 * The buyer's library (docs/product.md#library): a library link from the receipt opens it on a
 * device without a password, lists what the address owns, streams the files without counting
 * them as downloads and keeps the place reached on any device; a refund, support's revoke or a
 * resend closes what the old link opened, and a library session is never a sign-in.
 */
import {
  buyLocally,
  cookieHeader,
  createTestApp,
  entitlementOf,
  signInByCode,
  type TestApp,
} from '../../test-support/app.ts';
import { pageTexts } from '@aba-shop/test-kit/pdf-text';
import { revokeOrderByPaymentIntent } from '../orders/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PARENTS = [{ productId: 'ebook-aba-for-parents', quantity: 1 }];
const ORIGIN = { origin: 'http://127.0.0.1:3000' };

/** The library links e-mailed to an address, oldest first (sends queued mail first). */
async function libraryLinksTo(email: string): Promise<string[]> {
  await t.app.mailWorker.runOnce();
  return t.mail
    .filter((mail) => mail.to === email)
    .flatMap((mail) =>
      [...mail.text.matchAll(/(\S+\/library\/open#\S+)/g)].map((m) => m[1] as string),
    );
}

const tokenOf = (link: string) => new URL(link).hash.slice(1);

/** Opens the library a link grants, as the storefront's /library/open page does. */
async function openLibrary(link: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/library/session',
    headers: ORIGIN,
    payload: { token: tokenOf(link) },
  });
}

async function libraryCookie(link: string): Promise<string> {
  const opened = await openLibrary(link);
  expect(opened.statusCode).toBe(200);
  return cookieHeader(opened.headers['set-cookie']);
}

const libraryWith = (cookie: string) => t.app.inject({ url: '/api/library', headers: { cookie } });

const saveProgress = (cookie: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/library/progress',
    headers: { cookie, ...ORIGIN },
    payload,
  });

describe('the library link', () => {
  it('comes in the receipt, with its token only in the fragment, and opens the library on a device', async () => {
    await buyLocally(t.app, PARENTS, 'reader@example.com');
    const [link] = await libraryLinksTo('reader@example.com');
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/library\/open#[\w-]+\.[\w-]+$/);
    expect(new URL(link as string).search).toBe('');

    const opened = await openLibrary(link as string);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ email: 'reader@example.com' });
    const setCookie = String(opened.headers['set-cookie']);
    expect(setCookie).toMatch(/^shop\.library=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Max-Age=15552000/);

    const library = await libraryWith(cookieHeader(opened.headers['set-cookie']));
    expect(library.statusCode).toBe(200);
    expect(library.headers['cache-control']).toBe('private, no-store');
    const body = library.json();
    expect(body.email).toBe('reader@example.com');
    expect(body.via).toBe('link');
    expect(body.lastOpened).toBeNull();
    expect(body.books).toHaveLength(1);
    const [book] = body.books;
    expect(book).toMatchObject({
      bookKey: 'aba-for-parents',
      title: 'ABA for Parents',
      cover: '/images/products/ebook-aba-for-parents.svg',
    });
    expect(book.files.map((file: { fileKey: string }) => file.fileKey)).toEqual([
      'aba-for-parents.pdf',
      'aba-for-parents.mp3',
    ]);
    expect(book.files[0].streamUrl).toBe('/api/library/files/aba-for-parents.pdf');
    expect(book.files[0].downloadUrl).toMatch(/\/api\/downloads\//);
    // The audiobook's own chapters (the sample's ID3 frames), for the player.
    expect(book.files[0].chapters).toEqual([]);
    expect(book.files[1].chapters).toHaveLength(10);
    expect(book.files[1].chapters[3]).toEqual({
      title: 'Routines and Visual Supports',
      startMs: 54_000,
    });
  });

  it('refuses a forged or altered token, and a library without a link or sign-in', async () => {
    await buyLocally(t.app, PARENTS, 'forger@example.com');
    const [link] = await libraryLinksTo('forger@example.com');
    const token = tokenOf(link as string);
    for (const bad of [`${token}x`, `x${token}`, 'not-a-token', token.split('.')[0] as string]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/library/session',
        headers: ORIGIN,
        payload: { token: bad },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/library link is not valid/);
      expect(refused.headers['set-cookie']).toBeUndefined();
    }
    const none = await t.app.inject({ url: '/api/library' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toMatch(/link in your e-mail/);
    const stranger = await libraryWith('shop.library=made-up-value');
    expect(stranger.statusCode).toBe(401);
  });

  it('is not a sign-in: it opens neither the account nor the admin area', async () => {
    await buyLocally(t.app, PARENTS, 'not-signed-in@example.com');
    const cookie = await libraryCookie(
      (await libraryLinksTo('not-signed-in@example.com'))[0] as string,
    );
    expect((await t.app.inject({ url: '/api/me/purchases', headers: { cookie } })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ url: '/api/users/me', headers: { cookie } })).json()).toBeNull();
    expect((await t.app.inject({ url: '/api/admin/orders', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });
});

describe('reading and listening', () => {
  it('streams the stamped PDF and the audio inline, by ranges, without counting downloads', async () => {
    const sessionId = await buyLocally(t.app, PARENTS, 'streamer@example.com');
    const cookie = await libraryCookie((await libraryLinksTo('streamer@example.com'))[0] as string);
    const first = await t.app.inject({
      url: '/api/library/files/aba-for-parents.pdf',
      headers: { cookie, range: 'bytes=0-1023' },
    });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-disposition']).toMatch(/^inline;/);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-range']).toMatch(/^bytes 0-1023\/\d+$/);
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const whole = await t.app.inject({
      url: '/api/library/files/aba-for-parents.pdf',
      headers: { cookie },
    });
    expect(whole.statusCode).toBe(200);
    // The buyer's stamp, as in a download (docs/product.md#stamped-pdfs).
    expect((await pageTexts(whole.rawPayload))[0]).toContain(
      `Licensed to streamer@example.com · Order ${sessionId}`,
    );

    const audio = await t.app.inject({
      url: '/api/library/files/aba-for-parents.mp3',
      headers: { cookie, range: 'bytes=100-199' },
    });
    expect(audio.statusCode).toBe(206);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.rawPayload).toHaveLength(100);

    for (const fileKey of ['aba-for-parents.pdf', 'aba-for-parents.mp3']) {
      expect((await entitlementOf(t.app, sessionId, fileKey)).download_count).toBe(0);
    }
  });

  it('streams nothing the buyer does not own', async () => {
    await buyLocally(t.app, PARENTS, 'owns-one@example.com');
    const cookie = await libraryCookie((await libraryLinksTo('owns-one@example.com'))[0] as string);
    const other = await t.app.inject({
      url: '/api/library/files/aba-case-studies.pdf',
      headers: { cookie },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('This file is not in your library.');
    const escape = await t.app.inject({
      url: '/api/library/files/..%2Fbooks.json',
      headers: { cookie },
    });
    expect(escape.statusCode).toBe(400);
  });

  it('keeps the place reached, counts the saves, and offers it on another device', async () => {
    await buyLocally(t.app, PARENTS, 'two-devices@example.com');
    const link = (await libraryLinksTo('two-devices@example.com'))[0] as string;
    const phone = await libraryCookie(link);
    const first = await saveProgress(phone, { fileKey: 'aba-for-parents.pdf', position: 4 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ position: 4, version: 1 });
    // A page being left sends a form (navigator.sendBeacon).
    const leaving = await t.app.inject({
      method: 'POST',
      url: '/api/library/progress',
      headers: { cookie: phone, ...ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'fileKey=aba-for-parents.pdf&position=5',
    });
    expect(leaving.statusCode).toBe(200);
    expect(leaving.json()).toMatchObject({ position: 5, version: 2 });
    await saveProgress(phone, { fileKey: 'aba-for-parents.mp3', position: 61_500 });
    await saveProgress(phone, { fileKey: 'aba-for-parents.pdf', position: 5 });

    const laptop = await libraryCookie(link);
    const library = (await libraryWith(laptop)).json();
    expect(library.lastOpened).toEqual({ fileKey: 'aba-for-parents.pdf' });
    const files = library.books[0].files;
    expect(files[0].progress).toMatchObject({ position: 5, version: 3 });
    expect(files[1].progress).toMatchObject({ position: 61_500, version: 1 });
  });

  it('keeps the place reached last, whenever it arrives: a phone back online does not undo a newer one', async () => {
    await buyLocally(t.app, PARENTS, 'late-phone@example.com');
    const cookie = await libraryCookie(
      (await libraryLinksTo('late-phone@example.com'))[0] as string,
    );
    const now = Date.now();
    const laptop = await saveProgress(cookie, {
      fileKey: 'aba-for-parents.pdf',
      position: 10,
      at: now,
    });
    expect(laptop.json()).toMatchObject({ position: 10, version: 1 });
    // Reached an hour ago offline, sent now.
    const late = await saveProgress(cookie, {
      fileKey: 'aba-for-parents.pdf',
      position: 30,
      at: now - 3600_000,
    });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ position: 10, version: 1 });
    // Reached after the laptop's, sent later still: kept.
    const newer = await saveProgress(cookie, {
      fileKey: 'aba-for-parents.pdf',
      position: 12,
      at: now + 1000,
    });
    expect(newer.json()).toMatchObject({ position: 12, version: 2 });
  });

  it('refuses a place in a file not owned, out of range, or without the same origin', async () => {
    await buyLocally(t.app, PARENTS, 'bad-places@example.com');
    const cookie = await libraryCookie(
      (await libraryLinksTo('bad-places@example.com'))[0] as string,
    );
    const notOwned = await saveProgress(cookie, { fileKey: 'aba-case-studies.mp3', position: 1 });
    expect(notOwned.statusCode).toBe(403);
    for (const payload of [
      { fileKey: 'aba-for-parents.pdf', position: -1 },
      { fileKey: 'aba-for-parents.pdf', position: 1.5 },
      { fileKey: 'aba-for-parents.pdf', position: 24 * 3600 * 1000 + 1 },
      { fileKey: 'aba-for-parents.txt', position: 1 },
      { fileKey: 'aba-for-parents.pdf', position: 1, at: -5 },
      { position: 1 },
    ]) {
      const refused = await saveProgress(cookie, payload);
      expect(refused.statusCode).toBe(400);
      expect(typeof refused.json().message).toBe('string');
    }
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/library/progress',
      headers: { cookie, origin: 'https://elsewhere.example' },
      payload: { fileKey: 'aba-for-parents.pdf', position: 2 },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('answers a signed-in buyer from the account, the same library', async () => {
    await buyLocally(t.app, PARENTS, 'Account-Reader@example.com');
    const cookie = await signInByCode(t, 'account-reader@example.com');
    const library = await libraryWith(cookie);
    expect(library.statusCode).toBe(200);
    expect(library.json()).toMatchObject({ email: 'account-reader@example.com', via: 'account' });
    expect(library.json().books[0].bookKey).toBe('aba-for-parents');
  });
});

describe('what closes a library', () => {
  it('a refund: the link and every device it opened stop working', async () => {
    const sessionId = await buyLocally(t.app, PARENTS, 'refunded-reader@example.com');
    const link = (await libraryLinksTo('refunded-reader@example.com'))[0] as string;
    const cookie = await libraryCookie(link);
    const { orderId } = await entitlementOf(t.app, sessionId, 'aba-for-parents.pdf');
    await t.app.db
      .updateTable('orders')
      .set({ payment_intent_id: 'pi_library_refund' })
      .where('id', '=', orderId)
      .execute();
    await revokeOrderByPaymentIntent(t.app.db, 'pi_library_refund');

    const library = await libraryWith(cookie);
    expect(library.statusCode).toBe(403);
    expect(library.json().message).toMatch(/refunded/);
    const file = await t.app.inject({
      url: '/api/library/files/aba-for-parents.pdf',
      headers: { cookie },
    });
    expect(file.statusCode).toBe(403);
    const reopened = await openLibrary(link);
    expect(reopened.statusCode).toBe(403);
    expect(reopened.json().message).toMatch(/refunded/);
  });

  it('a resend: the new e-mail carries a new link, and the old one (and what it opened) stops', async () => {
    await buyLocally(t.app, PARENTS, 'resent@example.com');
    const [old] = await libraryLinksTo('resent@example.com');
    const oldDevice = await libraryCookie(old as string);
    const resent = await t.app.inject({
      method: 'POST',
      url: '/api/downloads/resend',
      headers: ORIGIN,
      payload: { email: 'resent@example.com' },
    });
    expect(resent.statusCode).toBe(202);
    const links = await libraryLinksTo('resent@example.com');
    expect(links).toHaveLength(2);
    const fresh = links[1] as string;
    expect(fresh).not.toBe(old);

    const replaced = await openLibrary(old as string);
    expect(replaced.statusCode).toBe(403);
    expect(replaced.json().message).toMatch(/replaced by a newer one/);
    expect((await libraryWith(oldDevice)).statusCode).toBe(403);
    expect((await libraryWith(await libraryCookie(fresh))).statusCode).toBe(200);
  });

  it('closing it on a device ends that device only', async () => {
    await buyLocally(t.app, PARENTS, 'leaves-phone@example.com');
    const link = (await libraryLinksTo('leaves-phone@example.com'))[0] as string;
    const phone = await libraryCookie(link);
    const laptop = await libraryCookie(link);
    const closed = await t.app.inject({
      method: 'DELETE',
      url: '/api/library/session',
      headers: { cookie: phone, ...ORIGIN },
    });
    expect(closed.statusCode).toBe(204);
    expect(String(closed.headers['set-cookie'])).toMatch(/shop\.library=;/);
    expect((await libraryWith(phone)).statusCode).toBe(401);
    expect((await libraryWith(laptop)).statusCode).toBe(200);
  });
});
