/**
 * Reads the .eml files the shop wrote during the journeys (no SMTP server is configured): the
 * shared shop's by default, or those of a shop started with its own data directory.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

export interface Email {
  to: string;
  subject: string;
  raw: string;
}

const SHARED_DATA_DIR = () => process.env.E2E_DATA_DIR ?? '';

export function readMailbox(dataDir = SHARED_DATA_DIR()): Email[] {
  const dir = path.join(dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const raw = readFileSync(path.join(dir, name), 'utf8');
      return {
        to: /^To: (.+)$/m.exec(raw)?.[1]?.trim() ?? '',
        subject: /^Subject: (.+)$/m.exec(raw)?.[1]?.trim() ?? '',
        raw,
      };
    });
}

/** Waits for the newest sign-in code sent to this address and returns it. */
export async function waitForSignInCode(
  email: string,
  after = 0,
  dataDir = SHARED_DATA_DIR(),
): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        const messages = readMailbox(dataDir).filter((mail) => mail.to === email);
        const latest = messages
          .slice(after)
          .reverse()
          .find((mail) => /\d{6}/.test(mail.subject));
        code = /(\d{6})/.exec(latest?.subject ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

export function countMailTo(email: string, dataDir = SHARED_DATA_DIR()): number {
  return readMailbox(dataDir).filter((mail) => mail.to === email).length;
}

/** A message's text as written, its quoted-printable soft breaks and escapes undone. */
export function decodedText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for the newest library link e-mailed to this address and returns it. */
export async function waitForLibraryLink(
  email: string,
  dataDir = SHARED_DATA_DIR(),
): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const links = readMailbox(dataDir)
          .filter((mail) => mail.to === email)
          .flatMap((mail) => [
            ...decodedText(mail.raw).matchAll(/https?:\/\/\S+\/library\/open#[\w.-]+/g),
          ]);
        link = links.at(-1)?.[0] ?? '';
        return link;
      },
      { timeout: 10_000 },
    )
    .toMatch(/\/library\/open#/);
  return link;
}

/** Waits for the message with this subject to this address, and returns it. */
export async function waitForMail(email: string, subject: string | RegExp): Promise<Email> {
  let found: Email | undefined;
  await expect
    .poll(
      () => {
        found = readMailbox().find(
          (mail) =>
            mail.to === email &&
            (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)),
        );
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found as Email;
}

/** The first web address in a message's text that matches. */
export function linkIn(mail: Email, pattern: RegExp): string {
  const link = pattern.exec(decodedText(mail.raw))?.[0];
  if (!link) throw new Error(`No link matching ${pattern} in "${mail.subject}"`);
  return link;
}

/** A header of a message as sent, its folded lines joined. */
export function headerOf(mail: Email, name: string): string | undefined {
  const unfolded = mail.raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
  return new RegExp(`^${name}: (.+)$`, 'mi').exec(unfolded)?.[1]?.trim();
}
