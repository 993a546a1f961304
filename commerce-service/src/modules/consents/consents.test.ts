import { CONSENT_TEXT_VERSION } from '@aba-shop/contract';
import { createTestApp, signInByCode, type TestApp } from '../../test-support/app.ts';
import { consentRecordsOfEmail, eraseConsentRecordsOfEmail } from './service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CONSENT_ID = '7d0f7c6e-3f2a-4c1b-9d7e-2a4b5c6d7e8f';

function answer(payload: Record<string, unknown>, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/consents',
    payload,
    headers: cookie ? { cookie } : {},
  });
}

const rowsOf = (consentId: string) =>
  t.app.db
    .selectFrom('consent_records')
    .selectAll()
    .where('consent_id', '=', consentId)
    .orderBy('recorded_at')
    .execute();

describe('POST /api/consents', () => {
  it('keeps an anonymous answer with its text version, language and the service’s time', async () => {
    const before = new Date().toISOString();
    const response = await answer({
      consentId: CONSENT_ID,
      choice: 'accepted',
      textVersion: CONSENT_TEXT_VERSION,
      language: 'it',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      consentId: CONSENT_ID,
      choice: 'accepted',
      textVersion: CONSENT_TEXT_VERSION,
      language: 'it',
    });
    expect(body.recordedAt >= before).toBe(true);
    const rows = await rowsOf(CONSENT_ID);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ choice: 'accepted', user_id: null, email: null });
  });

  it('keeps a withdrawal as a further record, so the history shows both', async () => {
    const response = await answer({
      consentId: CONSENT_ID,
      choice: 'withdrawn',
      textVersion: CONSENT_TEXT_VERSION,
      language: 'en',
    });
    expect(response.statusCode).toBe(201);
    expect((await rowsOf(CONSENT_ID)).map((row) => row.choice)).toEqual(['accepted', 'withdrawn']);
  });

  it('names the signed-in user on their answers, which their export lists and erasure removes', async () => {
    const cookie = await signInByCode(t, 'consenting.parent@example.com');
    const consentId = '0b9a8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d';
    for (const choice of ['accepted', 'withdrawn']) {
      const response = await answer(
        { consentId, choice, textVersion: CONSENT_TEXT_VERSION, language: 'en' },
        cookie,
      );
      expect(response.statusCode).toBe(201);
    }
    const rows = await rowsOf(consentId);
    expect(rows.every((row) => row.email === 'consenting.parent@example.com')).toBe(true);
    expect(rows.every((row) => typeof row.user_id === 'string' && row.user_id.length > 0)).toBe(
      true,
    );

    const deps = { db: t.app.db };
    const records = await consentRecordsOfEmail(deps, 'consenting.parent@example.com');
    expect(records.map(({ consentId: id, choice }) => [id, choice])).toEqual([
      [consentId, 'accepted'],
      [consentId, 'withdrawn'],
    ]);
    await eraseConsentRecordsOfEmail(deps, 'Consenting.Parent@example.com');
    expect(await rowsOf(consentId)).toEqual([]);
  });

  it.each([
    [
      'an outdated text version',
      { consentId: CONSENT_ID, choice: 'accepted', textVersion: '2020-01-01', language: 'en' },
      /textVersion must be the banner text in force/,
    ],
    [
      'an unknown choice',
      { consentId: CONSENT_ID, choice: 'maybe', textVersion: CONSENT_TEXT_VERSION, language: 'en' },
      /choice/,
    ],
    [
      'a consent id that is not random',
      { consentId: 'me', choice: 'accepted', textVersion: CONSENT_TEXT_VERSION, language: 'en' },
      /consentId must be a UUID/,
    ],
    [
      'an unknown language',
      {
        consentId: CONSENT_ID,
        choice: 'accepted',
        textVersion: CONSENT_TEXT_VERSION,
        language: 'fr',
      },
      /language/,
    ],
  ])('refuses %s with a 400 saying what was wrong', async (_case, payload, message) => {
    const response = await answer(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });
});
