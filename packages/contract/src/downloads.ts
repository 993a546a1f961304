import { z } from 'zod';

/**
 * DOWNLOAD_LINK_TTL_HOURS: how long a download link works, in hours, a week unless set. Read by
 * the commerce service, which signs the links, and by the storefront, whose chat tells buyers.
 */
export const downloadLinkTtlHoursSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(24 * 365)
  .default(24 * 7);
