/**
 * Consent records (docs/product.md#cookie-consent): each answer to the cookie banner is kept
 * with the text version it answered, its language and the service's own time, so the shop can
 * prove what a visitor agreed to and when (docs/adr/0027-consent-records.md). A signed-in
 * visitor's answer also carries their id and address, for their data export.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  deleteConsentRecordsByEmail,
  insertConsentRecord,
  selectConsentRecordsByEmail,
} from './repository.ts';
import type { ConsentRecord, ConsentRecordBody, CurrentUser } from '@aba-shop/contract';

export interface ConsentsDependencies {
  db: Kysely<Database>;
}

export async function recordConsent(
  { db }: ConsentsDependencies,
  body: ConsentRecordBody,
  user: CurrentUser | null,
): Promise<ConsentRecord> {
  const recordedAt = new Date().toISOString();
  await insertConsentRecord(db, {
    id: randomUUID(),
    consent_id: body.consentId,
    choice: body.choice,
    text_version: body.textVersion,
    language: body.language,
    recorded_at: recordedAt,
    user_id: user?.id ?? null,
    email: user ? user.email.toLowerCase() : null,
  });
  return { ...body, recordedAt };
}

/** A buyer's answers given while signed in, oldest first: for their data export. */
export async function consentRecordsOfEmail(
  { db }: ConsentsDependencies,
  email: string,
): Promise<ConsentRecord[]> {
  const rows = await selectConsentRecordsByEmail(db, email.toLowerCase());
  return rows.map((row) => ({
    consentId: row.consent_id,
    choice: row.choice,
    textVersion: row.text_version,
    language: row.language,
    recordedAt: row.recorded_at,
  }));
}

/** Takes a buyer's signed-in answers out of the shop: for their erasure. */
export function eraseConsentRecordsOfEmail(
  { db }: ConsentsDependencies,
  email: string,
): Promise<void> {
  return deleteConsentRecordsByEmail(db, email.toLowerCase());
}
