/**
 * The journeys' movable clock for the scheduled messages (docs/product.md#keeping-in-touch):
 * instead of waiting days, a journey makes an address's pending messages due now, in the shared
 * shop's database, and the shop's own pass (every half second in the journeys) sends them.
 */
import path from 'node:path';
import { expect } from '@playwright/test';
import { openCommerceDatabase } from './commerce-database.js';
import { decodedText, readMailbox, type Email } from './mailbox.js';

const database = () =>
  openCommerceDatabase(
    { sqliteFile: path.join(process.env.E2E_DATA_DIR ?? '', 'commerce.sqlite') },
    { writable: true },
  );

/** Moves the clock to the due time of the address's pending messages (of one kind, if given). */
export async function bringDue(email: string, kind?: string): Promise<void> {
  const db = await database();
  try {
    const past = new Date(Date.now() - 1000).toISOString();
    if (kind)
      await db.run(
        "update scheduled_messages set due_at = ? where email = ? and kind = ? and status = 'pending'",
        past,
        email,
        kind,
      );
    else
      await db.run(
        "update scheduled_messages set due_at = ? where email = ? and status = 'pending'",
        past,
        email,
      );
  } finally {
    await db.close();
  }
}

/** The address's scheduled messages: kind, state and why a cancelled one was. */
export async function scheduledFor(email: string) {
  const db = await database();
  try {
    return await db.query<{ kind: string; status: string; cancel_reason: string | null }>(
      'select kind, status, cancel_reason from scheduled_messages where email = ? order by due_at',
      email,
    );
  } finally {
    await db.close();
  }
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
