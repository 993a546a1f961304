import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Config } from '../../plugins/config.ts';
import { downloadLinksMail } from '../mail/templates.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { describeFile, type Books } from './assets.ts';
import { listEntitlementsForEmail, type EntitlementRow } from './repository.ts';
import { signDownloadToken } from './signing.ts';

export interface DownloadLink {
  entitlementId: string;
  productId: string;
  fileKey: string;
  kind: 'pdf' | 'mp3';
  label: string;
  url: string;
}

const KIND_ORDER = { pdf: 0, mp3: 1 } as const;

/** A fresh signed link for each entitlement (the PDF before its audiobook), valid for DOWNLOAD_LINK_TTL_HOURS. */
export function signDownloadLinks(
  entitlements: EntitlementRow[],
  config: Config,
  books: Books,
  now = Date.now(),
): DownloadLink[] {
  const expiresAt = Math.floor(now / 1000) + config.DOWNLOAD_LINK_TTL_HOURS * 3600;
  const links = entitlements.flatMap((entitlement) => {
    const file = describeFile(entitlement.file_key, books);
    if (!file) return [];
    const token = signDownloadToken(
      { entitlementId: entitlement.id, fileKey: entitlement.file_key, expiresAt },
      config.DOWNLOAD_SIGNING_SECRET,
    );
    return [
      {
        entitlementId: entitlement.id,
        productId: entitlement.product_id,
        fileKey: entitlement.file_key,
        kind: file.kind,
        label: file.label,
        url: new URL(`/api/downloads/${token}`, config.STOREFRONT_URL).toString(),
      },
    ];
  });
  return links.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
}

/** One link per file, even when two orders granted the same book. */
function uniqueByFile(links: DownloadLink[]): DownloadLink[] {
  const seen = new Set<string>();
  return links.filter((link) => !seen.has(link.fileKey) && seen.add(link.fileKey));
}

/**
 * E-mails fresh links for everything bought with this address. Nothing is sent, and nothing
 * different is answered, when the address bought nothing.
 */
export async function resendDownloadLinks(
  db: Kysely<Database>,
  config: Config,
  books: Books,
  email: string,
): Promise<void> {
  const links = uniqueByFile(
    signDownloadLinks(await listEntitlementsForEmail(db, email), config, books),
  );
  if (links.length === 0) return;
  const mail = downloadLinksMail({
    links,
    linkValidDays: Math.round(config.DOWNLOAD_LINK_TTL_HOURS / 24),
    supportEmail: config.SUPPORT_EMAIL,
  });
  await enqueueMail(db, { to: email, ...mail });
}
