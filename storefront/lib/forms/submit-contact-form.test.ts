/** @jest-environment node */
import { submitContactForm } from './submit-contact-form';

const values = {
  name: 'Maria Lopez',
  email: 'maria@example.com',
  phone: '',
  subject: 'ABA Strategy Help',
  message: 'How do I start with a visual schedule?',
  child_age: '',
};

const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();

function answer(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('submitContactForm', () => {
  it('posts the contact form with its form id to the same-origin endpoint', async () => {
    answer(200, { success: true, message: 'Thank you!' });
    await submitContactForm(values);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/forms/submit');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ formId: 'contact_form', ...values });
  });

  it('sends empty text for optional fields left blank or missing', async () => {
    answer(200, { success: true, message: 'Thank you!' });
    await submitContactForm({ ...values, phone: null, child_age: null });
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toMatchObject({ phone: '', child_age: '' });
  });

  it('is sent when the service answers ok with success true', async () => {
    answer(200, { success: true, message: 'Thank you!' });
    await expect(submitContactForm(values)).resolves.toEqual({ sent: true, message: 'Thank you!' });
  });

  it.each([
    ['ok with success false', 200, { success: false, message: 'No' }],
    ['an error status that claims success', 500, { success: true, message: 'Hm' }],
    ['a server error without JSON', 502, '<html>Bad gateway</html>'],
    ['a body of another shape', 200, { ok: true }],
  ])('is not sent on %s', async (_case, status, body) => {
    answer(status, body);
    await expect(submitContactForm(values)).resolves.toEqual({ sent: false });
  });

  it('passes on the field errors of a refusal', async () => {
    answer(400, {
      success: false,
      message: 'Please correct the form',
      errors: { email: 'Email is not a valid email' },
    });
    await expect(submitContactForm(values)).resolves.toEqual({
      sent: false,
      errors: { email: 'Email is not a valid email' },
    });
  });

  it('is not sent when the network fails, and logs why', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(submitContactForm(values)).resolves.toEqual({ sent: false });
    expect(console.error).toHaveBeenCalled();
  });
});
