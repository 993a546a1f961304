import { createTestApp, type TestApp } from '../../test-support/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ OWNER_EMAIL: 'owner@example.com' });
});
afterAll(() => t.close());

const valid = {
  formId: 'contact_form',
  name: 'Maria Lopez',
  email: 'maria@example.com',
  phone: '+1 555 0100',
  subject: 'ABA Strategy Help',
  message: 'How do I start with a visual schedule for my 5-year-old?',
  child_age: '4-5 years',
};

function submit(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/forms/submit', payload });
}

describe('POST /api/forms/submit', () => {
  it('stores the message and notifies the owner, without an auto-reply to the visitor', async () => {
    const response = await submit(valid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Thank you! Your message has been sent. We reply within 24 hours.',
    });
    const stored = await t.app.db
      .selectFrom('contact_submissions')
      .selectAll()
      .where('email', '=', 'maria@example.com')
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: 'Maria Lopez',
      subject: 'ABA Strategy Help',
      child_age: '4-5 years',
    });

    const before = t.mail.length;
    await t.app.mailWorker.runOnce();
    const sent = t.mail.slice(before);
    expect(sent.map((message) => message.to)).toEqual(['owner@example.com']);
    expect(sent[0]?.subject).toBe('Contact form: ABA Strategy Help (from Maria Lopez)');
    expect(sent[0]?.text).toContain('How do I start with a visual schedule');
  });

  it('reports every wrong field at once', async () => {
    const response = await submit({
      formId: 'contact_form',
      name: 'M',
      email: 'not-an-email',
      phone: '0'.repeat(21),
      subject: 'Refund please',
      message: 'short',
      child_age: '40 years',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.errors).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Email is not a valid email',
      phone: 'Phone cannot exceed 20 characters',
      subject: 'Subject must be one of the valid options',
      message: 'Message must be at least 10 characters',
      child_age: "Child's age must be one of the valid options",
    });
  });

  it.each([
    [{ ...valid, name: undefined }, 'name', 'Name is required'],
    [{ ...valid, message: 'x'.repeat(1001) }, 'message', 'Message cannot exceed 1000 characters'],
    [{ ...valid, name: 'x'.repeat(101) }, 'name', 'Name cannot exceed 100 characters'],
  ])('refuses %#: %s', async (payload, field, message) => {
    const response = await submit(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
  });

  it('accepts the optional fields left out or empty', async () => {
    const response = await submit({
      ...valid,
      email: 'minimal@example.com',
      phone: '',
      child_age: '',
    });
    expect(response.statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('contact_submissions')
      .selectAll()
      .where('email', '=', 'minimal@example.com')
      .executeTakeFirstOrThrow();
    expect(row.phone).toBeNull();
    expect(row.child_age).toBeNull();
  });

  it('answers a bot that fills the hidden field as if sent, and keeps nothing', async () => {
    const response = await submit({
      ...valid,
      email: 'bot@example.com',
      website: 'https://spam.example',
    });
    expect(response.json().success).toBe(true);
    const stored = await t.app.db
      .selectFrom('contact_submissions')
      .select('id')
      .where('email', '=', 'bot@example.com')
      .execute();
    expect(stored).toHaveLength(0);
  });

  it('stops a sixth message from one address within the hour', async () => {
    const email = 'busy@example.com';
    for (let index = 0; index < 5; index += 1)
      expect((await submit({ ...valid, email })).statusCode).toBe(200);
    const sixth = await submit({ ...valid, email });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().success).toBe(false);
  });
});
