import Fastify from 'fastify';
import {
  ConflictError,
  ExpiredError,
  InvalidInputError,
  LimitReachedError,
  NotAllowedError,
  NotFoundError,
  NotSignedInError,
  OutOfRangeError,
  UnavailableError,
  type DomainError,
} from '../domain-errors.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { errorsPlugin, type ErrorBodyShape } from './errors.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the errors plugin', () => {
  // Found by the fuzz suite (src/api-*.fuzz.test.ts, test-support/fuzz/api-suite.ts): CORS answered this in plain text.
  it('answers a malformed CORS preflight (no Access-Control-Request-Method) in JSON', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/create-checkout-session',
      headers: { origin: 'http://127.0.0.1:3000' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: 'Invalid Preflight Request' });
  });

  it('leaves a well-formed preflight as CORS answers it', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/create-checkout-session',
      headers: {
        origin: 'http://127.0.0.1:3000',
        'access-control-request-method': 'POST',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3000');
    expect(response.body).toBe('');
  });

  it('answers an unknown route with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/no-such-route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No route for GET /api/no-such-route' });
  });
});

describe('the table of domain errors', () => {
  async function answer(error: DomainError, errorBody?: ErrorBodyShape) {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.get('/refused', { config: errorBody ? { errorBody } : {} }, async () => {
      throw error;
    });
    try {
      return await app.inject({ url: '/refused' });
    } finally {
      await app.close();
    }
  }

  it.each([
    ['InvalidInputError', 400, new InvalidInputError('Unknown product: nope')],
    ['NotSignedInError', 401, new NotSignedInError('Not signed in')],
    ['NotAllowedError', 403, new NotAllowedError('This download link is not valid.')],
    ['NotFoundError', 404, new NotFoundError('No such checkout session')],
    ['ConflictError', 409, new ConflictError('This checkout was cancelled')],
    ['ExpiredError', 410, new ExpiredError('This download link has expired.')],
    ['OutOfRangeError', 416, new OutOfRangeError('The requested range is outside the file.', 1234)],
    ['LimitReachedError', 429, new LimitReachedError('Too many messages')],
    ['UnavailableError', 503, new UnavailableError('STRIPE_WEBHOOK_SECRET is not configured')],
  ])('answers %s with %i and its message', async (_kind, status, error) => {
    const response = await answer(error);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message: error.message });
  });

  it('answers in the body of the route’s family, with the details the error gives', async () => {
    const errors = { name: 'Name is required' };
    const form = await answer(new InvalidInputError('Please correct the form', { errors }), 'form');
    expect(form.json()).toEqual({ success: false, message: 'Please correct the form', errors });
    const signIn = await answer(new NotSignedInError('Codice OTP non valido'), 'error');
    expect(signIn.json()).toEqual({ error: 'Codice OTP non valido' });
  });

  it('names the file’s size on a 416, and asks no retry of a 503 a setting causes', async () => {
    const outside = await answer(
      new OutOfRangeError('The requested range is outside the file.', 1234),
    );
    expect(outside.headers['content-range']).toBe('bytes */1234');
    const unset = await answer(new UnavailableError('STRIPE_WEBHOOK_SECRET is not configured'));
    expect(unset.headers['retry-after']).toBeUndefined();
  });
});
