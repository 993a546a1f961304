/** Delivers one message: over SMTP when SMTP_URL is set, else as an .eml file in the outbox folder. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  replyTo: string | null;
  listUnsubscribe: string | null;
}

export type SendMail = (message: MailMessage) => Promise<void>;

/** What nodemailer is given for a message: the one-click unsubscribe headers of RFC 8058. */
function envelopeOf(from: string, message: MailMessage) {
  const { to, subject, text, html, replyTo, listUnsubscribe } = message;
  return {
    from,
    to,
    subject,
    text,
    html: html ?? undefined,
    replyTo: replyTo ?? undefined,
    headers: listUnsubscribe
      ? {
          'List-Unsubscribe': `<${listUnsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : undefined,
  };
}

export function createMailTransport(config: Config): SendMail {
  const from = config.MAIL_FROM;
  if (config.SMTP_URL) {
    const smtp = nodemailer.createTransport(config.SMTP_URL);
    return async (message) => {
      await smtp.sendMail(envelopeOf(from, message));
    };
  }
  const files = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return async (message) => {
    const info = await files.sendMail(envelopeOf(from, message));
    mkdirSync(config.MAIL_OUTBOX_DIR, { recursive: true });
    const name = `${new Date().toISOString().replaceAll(':', '-')}-${message.id}.eml`;
    writeFileSync(path.join(config.MAIL_OUTBOX_DIR, name), info.message as Buffer);
  };
}
