/** A commerce app on a throw-away database, with outgoing mail captured instead of sent. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { MailMessage } from '../modules/mail/transport.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** Every message the mail worker delivered. */
  mail: MailMessage[];
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase(env);
  const mail: MailMessage[] = [];
  const app = await buildApp(database.config, {
    sendMail: async (message) => void mail.push(message),
  });
  return {
    app,
    database,
    mail,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** The path and query of an absolute URL, to replay it with `app.inject`. */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** Buys through the local test checkout; returns the checkout session id. */
export async function buyLocally(
  app: FastifyInstance,
  products: { productId: string; quantity: number }[],
  email: string,
): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/create-checkout-session',
    payload: { products, successRouter: '/checkout/success', cancelRouter: '/checkout/cancel' },
  });
  const sessionId = new URL((created.json() as { checkoutUrl: string }).checkoutUrl).pathname
    .split('/')
    .pop() as string;
  const paid = await app.inject({
    method: 'POST',
    url: `/api/checkout/local/${sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `email=${encodeURIComponent(email)}`,
  });
  if (paid.statusCode !== 303) throw new Error(`Pay answered ${paid.statusCode}: ${paid.body}`);
  return sessionId;
}
