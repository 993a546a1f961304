/**
 * A local SMTP server that a fault test starts and stops on one fixed port, standing in for
 * the shop's mail provider. It keeps every message it accepts, with its envelope recipients.
 */
import { SMTPServer } from 'smtp-server';
import { freePort } from './stack.js';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** When it was accepted (Date.now()). */
  receivedAt: number;
}

export interface SmtpInbox {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Starts listening on the inbox's port (again). */
  start(): Promise<void>;
  /** Stops listening: connections are refused, as by a mail server that is down. */
  stop(): Promise<void>;
}

/** An inbox on a free port of 127.0.0.1, not yet listening. */
export async function createSmtpInbox(): Promise<SmtpInbox> {
  const port = await freePort();
  const messages: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    start: async () => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, session, callback) {
          let raw = '';
          stream.setEncoding('utf8');
          stream.on('data', (chunk: string) => (raw += chunk));
          stream.on('end', () => {
            messages.push({
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
              subject: /^Subject: (.+)$/m.exec(raw)?.[1]?.trim() ?? '',
              receivedAt: Date.now(),
            });
            callback();
          });
        },
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, '127.0.0.1', () => resolve());
      });
    },
    stop: async () => {
      const closing = server;
      server = undefined;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}
