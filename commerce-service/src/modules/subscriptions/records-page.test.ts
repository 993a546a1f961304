import { z } from 'zod';
import { createTestApp, signInByCode, type TestApp } from '../../test-support/app.ts';
import { subscriptionRecordSchema, subscriptionRecordPageSchema } from '@aba-shop/contract';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInByCode(t, 'admin@example.com');
});
afterAll(() => t.close());

function asAdmin(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
}

async function create(record: { user_id: string; email: string; session_id: string }) {
  const response = await asAdmin('POST', '/api/subscription-records', record);
  expect(response.statusCode).toBe(201);
  return subscriptionRecordSchema.parse(response.json());
}

async function page(query: string) {
  const response = await asAdmin('GET', `/api/subscription-records?${query}`);
  expect(response.statusCode).toBe(200);
  return subscriptionRecordPageSchema.parse(response.json());
}

describe('subscription records at scale', () => {
  const made: z.infer<typeof subscriptionRecordSchema>[] = [];

  beforeAll(async () => {
    for (let index = 0; index < 5; index += 1) {
      made.push(
        await create({
          user_id: `cus_page_${index}`,
          email: `Member${index}@Example.com`,
          session_id: `cs_page_${index}`,
        }),
      );
    }
  });

  it('answer the plain array without parameters, and a page with any of them', async () => {
    const all = await asAdmin('GET', '/api/subscription-records');
    expect(
      z
        .array(subscriptionRecordSchema)
        .parse(all.json())
        .map((r) => r.id),
    ).toEqual([...made].reverse().map((r) => r.id));
    const first = await page('limit=1');
    expect(first.items.map((r) => r.id)).toEqual([made[4]?.id]);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect((await page('q=')).items).toHaveLength(5);
  });

  it('page newest first through every record, each once', async () => {
    const seen: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const next = await page(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...next.items.map((record) => record.id));
      cursor = next.nextCursor;
    }
    expect(seen).toEqual([...made].reverse().map((r) => r.id));
  });

  it('search by e-mail in any case, by user id and by session id, exactly', async () => {
    const ids = async (q: string) =>
      (await page(`q=${encodeURIComponent(q)}`)).items.map((record) => record.id);
    expect(await ids('member2@EXAMPLE.com')).toEqual([made[2]?.id]);
    expect(await ids('cus_page_3')).toEqual([made[3]?.id]);
    expect(await ids('cs_page_1')).toEqual([made[1]?.id]);
    expect(await ids('cs_page_')).toEqual([]);
  });

  it('refuse a cursor the service did not make', async () => {
    const response = await asAdmin('GET', '/api/subscription-records?cursor=WyJ4IiwieSJd');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/cursore non è valido/);
  });

  it('export every record as CSV, formulas written as text', async () => {
    await create({ user_id: '=HYPERLINK("x")', email: 'formula@example.com', session_id: 'cs_f' });
    const response = await asAdmin('GET', '/api/subscription-records/export.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="subscription-records-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'id,user_id,email,session_id,created_at,status,currentPeriodEnd,cancelAtPeriodEnd',
    );
    expect(lines).toHaveLength(made.length + 2);
    expect(lines[1]).toMatch(
      /^\d+,"'=HYPERLINK\(""x""\)",formula@example\.com,cs_f,.*,active,,false$/,
    );
    expect(lines[2]).toMatch(
      new RegExp(`^${made[4]?.id},cus_page_4,Member4@Example.com,cs_page_4,`),
    );
  });

  it('write who created, edited and deleted a record, and what it was before and after', async () => {
    const record = await create({ user_id: 'u_audit', email: 'a@example.com', session_id: 's_a' });
    const edited = await asAdmin('PUT', `/api/subscription-records/${record.id}`, {
      user_id: 'u_audit',
      email: 'b@example.com',
      session_id: 's_a',
    });
    expect(edited.statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/api/subscription-records/${record.id}`)).statusCode).toBe(
      200,
    );
    const trail = await t.app.db
      .selectFrom('admin_actions')
      .select(['actor', 'action', 'before_state', 'after_state'])
      .where('subject_type', '=', 'record')
      .where('subject_id', '=', String(record.id))
      .orderBy('at')
      .execute();
    const fields = (email: string) =>
      JSON.stringify({ user_id: 'u_audit', email, session_id: 's_a' });
    expect(trail).toEqual([
      {
        actor: 'admin@example.com',
        action: 'record.create',
        before_state: null,
        after_state: fields('a@example.com'),
      },
      {
        actor: 'admin@example.com',
        action: 'record.update',
        before_state: fields('a@example.com'),
        after_state: fields('b@example.com'),
      },
      {
        actor: 'admin@example.com',
        action: 'record.delete',
        before_state: fields('b@example.com'),
        after_state: null,
      },
    ]);
  });

  it('write nothing to the trail for a change that was refused', async () => {
    const before = await t.app.db
      .selectFrom('admin_actions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const duplicate = await asAdmin('POST', '/api/subscription-records', {
      user_id: 'dup',
      email: 'dup@example.com',
      session_id: 'cs_page_0',
    });
    expect(duplicate.statusCode).toBe(409);
    expect((await asAdmin('DELETE', '/api/subscription-records/999999')).statusCode).toBe(404);
    const after = await t.app.db
      .selectFrom('admin_actions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
