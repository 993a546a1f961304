/**
 * What the container journey's shop reaches on the internet when it is live, standing in on
 * the compose network (compose.stand-ins.yml runs this file in a container of its own):
 * - Stripe's API: the project's fake Stripe, on port 12111 (the shop's STRIPE_API_URL);
 * - the mail provider: an SMTP server on port 1025 (the shop's SMTP_URL) that writes each
 *   message it accepts as an .eml file into /mail, the host folder the journey reads as the
 *   local shop's mailbox;
 * - Stripe's side of a payment, on port 8000, which compose publishes on the host's loopback:
 *   `POST /pay {"sessionId", "email"}` marks the session paid and delivers the signed
 *   `checkout.session.completed` to WEBHOOK_URL, as Stripe does; it answers with the status
 *   the shop's webhook gave;
 * - the owner's trace collector: an OTLP receiver on port 4318 (the shop's
 *   OTEL_EXPORTER_OTLP_ENDPOINT), whose spans `GET /spans` on port 8000 lists (`GET /span-names`
 *   and `GET /stripe-requests` summarise what came, for a failed step).
 */
import { createServer } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { signedStripeEvent, startFakeStripe } from '@aba-shop/test-kit/fake-stripe';
import { startOtlpReceiver } from '@aba-shop/test-kit/otlp-receiver';

const MAIL_DIR = '/mail';
const webhookUrl = process.env.WEBHOOK_URL ?? '';
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? '';
if (!webhookUrl || !webhookSecret) {
  throw new Error('stand-ins: set WEBHOOK_URL and STRIPE_WEBHOOK_SECRET');
}

const stripe = await startFakeStripe({ host: '0.0.0.0', port: 12111 });
const traces = await startOtlpReceiver(4318, '0.0.0.0');

mkdirSync(MAIL_DIR, { recursive: true });
let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received += 1;
      // Named as the shop's own .eml files are, so that they sort in the order received.
      const name = `${new Date().toISOString().replaceAll(':', '-')}-${String(received).padStart(6, '0')}.eml`;
      writeFileSync(path.join(MAIL_DIR, name), Buffer.concat(chunks));
      callback();
    });
  },
});
smtp.listen(1025, '0.0.0.0');

/** What the journey may look at: every span, and for a failed step a summary of what came. */
const LOOKS: Record<string, () => unknown> = {
  '/spans': () => traces.spans,
  '/span-names': () => traces.spans.map((span) => `${span.service}: ${span.name}`),
  '/stripe-requests': () =>
    stripe.requests.map((call) => `${call.method} ${call.path} ${call.idempotencyKey ?? ''}`),
};

const control = createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  req.on('end', () => {
    void (async () => {
      if (req.method === 'GET' && req.url && Object.hasOwn(LOOKS, req.url)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(LOOKS[req.url]?.()));
        return;
      }
      if (req.method !== 'POST' || req.url !== '/pay') {
        res.writeHead(404).end();
        return;
      }
      const { sessionId, email } = JSON.parse(raw) as { sessionId: string; email: string };
      const session = stripe.pay(sessionId, email);
      const { payload, signature } = signedStripeEvent(
        {
          id: `evt_journey_${sessionId}`,
          type: 'checkout.session.completed',
          object: session as unknown as Record<string, unknown>,
        },
        webhookSecret,
      );
      const delivered = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ webhookStatus: delivered.status }));
    })().catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
});
control.listen(8000, '0.0.0.0');
console.log('stand-ins: Stripe on :12111, SMTP on :1025, OTLP on :4318, payments on :8000');
