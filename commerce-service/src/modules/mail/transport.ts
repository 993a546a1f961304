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
}

export type SendMail = (message: MailMessage) => Promise<void>;

export function createMailTransport(config: Config): SendMail {
  const from = config.MAIL_FROM;
  if (config.SMTP_URL) {
    const smtp = nodemailer.createTransport(config.SMTP_URL);
    return async ({ to, subject, text, html }) => {
      await smtp.sendMail({ from, to, subject, text, html: html ?? undefined });
    };
  }
  const files = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return async ({ id, to, subject, text, html }) => {
    const info = await files.sendMail({ from, to, subject, text, html: html ?? undefined });
    mkdirSync(config.MAIL_OUTBOX_DIR, { recursive: true });
    const name = `${new Date().toISOString().replaceAll(':', '-')}-${id}.eml`;
    writeFileSync(path.join(config.MAIL_OUTBOX_DIR, name), info.message as Buffer);
  };
}
