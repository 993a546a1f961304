/**
 * The buyer's library (docs/product.md#library): a library link from the receipt opens it on a
 * device without a password, lists what the address owns, streams the files without counting
 * them as downloads and keeps the place reached on any device; a refund, support's revoke or the
 * buyer signing out every device closes what a link opened, a resend retires nothing, a link
 * expires 30 days after it was sent, and a library session is never a sign-in.
 */
import {
  buyLocally,
  cookieHeader,
  createTestApp,
  entitlementOf,
  orderNumberOf,
  refundInStripe,
  signInByCode,
  type TestApp,
} from '../../test-support/app.ts';
import { pageTexts } from '@aba-shop/test-kit/pdf-text';
import { libraryDevicesSchema } from '@aba-shop/contract';
import { signToken } from '../../signed-token.ts';
import { verifyLibraryToken } from '../downloads/library-link.ts';
import { openLibraryLink as openLink } from '../downloads/service.ts';

/** Opens a link's grant at a given time, as the session route does now. */
const openLibraryLink = (app: TestApp['app'], token: string, at: number) =>
  openLink({ db: app.db, config: app.config }, token, at);

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

let devices = 0;

/**
 * Opens the library a link grants, as the storefront's /library/open page does, each time from
 * a device of its own: the route's per-client limit is not what these tests are about.
 */
async function openLibrary(link: string, headers: Record<string, string> = {}) {
  devices += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/library/session',
    headers: { ...ORIGIN, ...headers },
    remoteAddress: `10.2.${Math.floor(devices / 250)}.${devices % 250}`,
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
      `Licensed to streamer@example.com · Order ${await orderNumberOf(t.app, sessionId)}`,
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
    await refundInStripe(t, 'pi_library_refund');

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

  it('a resend anyone asks: the new e-mail carries a link that works, and retires nothing', async () => {
    await buyLocally(t.app, PARENTS, 'resent@example.com');
    const [old] = await libraryLinksTo('resent@example.com');
    const oldDevice = await libraryCookie(old as string);
    // A stranger who knows the address asks, with no cookie of the buyer's.
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

    expect((await openLibrary(old as string)).statusCode).toBe(200);
    expect((await libraryWith(oldDevice)).statusCode).toBe(200);
    expect((await libraryWith(await libraryCookie(fresh))).statusCode).toBe(200);
  });

  it('expiry: a link opens nothing 30 days after it was sent, and its page can ask for a new one', async () => {
    await buyLocally(t.app, PARENTS, 'late-reader@example.com');
    const [link] = await libraryLinksTo('late-reader@example.com');
    const token = tokenOf(link as string);
    const { expiresAt } = verifyLibraryToken(token, t.app.config.DOWNLOAD_SIGNING_SECRET) ?? {
      expiresAt: 0,
    };
    expect(expiresAt * 1000 - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    expect(expiresAt * 1000 - Date.now()).toBeLessThanOrEqual(30 * 86_400_000);
    const device = await libraryCookie(link as string);

    // The same link, opened a day after it expired.
    await expect(openLibraryLink(t.app, token, (expiresAt + 86_400) * 1000)).rejects.toMatchObject({
      kind: 'expired',
      message: expect.stringMatching(/has expired/),
    });
    // A device it opened before reads on (its own session lasts 180 days).
    expect((await libraryWith(device)).statusCode).toBe(200);

    const renewal = await t.app.inject({
      method: 'POST',
      url: '/api/library/link-renewal',
      headers: ORIGIN,
      payload: { token },
    });
    expect(renewal.statusCode).toBe(202);
    const links = await libraryLinksTo('late-reader@example.com');
    expect(links).toHaveLength(2);
    expect((await openLibrary(links[1] as string)).statusCode).toBe(200);

    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/library/link-renewal',
      headers: ORIGIN,
      payload: { token: `${token.slice(0, -2)}xx` },
    });
    expect(forged.statusCode).toBe(403);
  });

  it('a link sent before links expired counts as expired', async () => {
    const sessionId = await buyLocally(t.app, PARENTS, 'old-link@example.com');
    const { orderId } = await entitlementOf(t.app, sessionId, 'aba-for-parents.pdf');
    const lifetime = signToken(
      { t: 'library', o: orderId, g: 1 },
      t.app.config.DOWNLOAD_SIGNING_SECRET,
    );
    const opened = await openLibrary(`http://127.0.0.1:3000/library/open#${lifetime}`);
    expect(opened.statusCode).toBe(410);
    expect(opened.json().message).toMatch(/We can e-mail you a new one/);
  });

  it('the buyer lists the devices their links opened, and signs them all out with every link', async () => {
    await buyLocally(t.app, PARENTS, 'many-devices@example.com');
    const [link] = await libraryLinksTo('many-devices@example.com');
    const phone = cookieHeader(
      (
        await openLibrary(link as string, {
          'user-agent':
            'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
        })
      ).headers['set-cookie'],
    );
    const laptop = await libraryCookie(link as string);

    const listed = await t.app.inject({ url: '/api/library/devices', headers: { cookie: phone } });
    expect(listed.statusCode).toBe(200);
    const { devices } = libraryDevicesSchema.parse(listed.json());
    expect(devices).toHaveLength(2);
    expect(devices.filter((device) => device.current)).toEqual([
      expect.objectContaining({ device: 'Chrome on Android' }),
    ]);
    expect((await t.app.inject({ url: '/api/library/devices' })).statusCode).toBe(401);

    const everywhere = await t.app.inject({
      method: 'POST',
      url: '/api/library/sign-out-everywhere',
      headers: { cookie: phone, ...ORIGIN },
    });
    expect(everywhere.statusCode).toBe(200);
    expect(String(everywhere.headers['set-cookie'])).toMatch(/shop\.library=;/);
    expect((await libraryWith(phone)).statusCode).toBe(401);
    expect((await libraryWith(laptop)).statusCode).toBe(401);
    const retired = await openLibrary(link as string);
    expect(retired.statusCode).toBe(403);
    expect(retired.json().message).toMatch(/replaced by a newer one/);

    // A resend afterwards brings a link that works again.
    await t.app.inject({
      method: 'POST',
      url: '/api/downloads/resend',
      headers: ORIGIN,
      payload: { email: 'many-devices@example.com' },
    });
    const links = await libraryLinksTo('many-devices@example.com');
    expect((await openLibrary(links.at(-1) as string)).statusCode).toBe(200);
  });

  it('a signed-in buyer signs out every device too', async () => {
    await buyLocally(t.app, PARENTS, 'account-out@example.com');
    const [link] = await libraryLinksTo('account-out@example.com');
    const device = await libraryCookie(link as string);
    const account = await signInByCode(t, 'account-out@example.com');
    const listed = await t.app.inject({
      url: '/api/library/devices',
      headers: { cookie: account },
    });
    expect(libraryDevicesSchema.parse(listed.json()).devices).toEqual([
      expect.objectContaining({ current: false }),
    ]);
    const everywhere = await t.app.inject({
      method: 'POST',
      url: '/api/library/sign-out-everywhere',
      headers: { cookie: account, ...ORIGIN },
    });
    expect(everywhere.statusCode).toBe(200);
    expect((await libraryWith(device)).statusCode).toBe(401);
    expect((await libraryWith(account)).statusCode).toBe(200);
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
