/**
 * The newsletter issues the CMS published, read with the secret the CMS and this service
 * share (MEMBER_CONTENT_SECRET), from its one route for this service.
 */
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { MEMBER_CONTENT_SECRET_HEADER } from '../member-content/service.ts';

const TIMEOUT_MS = 10_000;

export const cmsIssueSchema = z.object({
  documentId: z.string().regex(/^[\w-]{1,64}$/),
  subject: z.string().min(1).max(255),
  previewLine: z.string().max(255).nullable(),
  body: z.string().min(1).max(50_000),
  buttonLabel: z.string().max(100).nullable(),
  buttonUrl: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .nullable(),
  publishedAt: z.string(),
});
export type CmsIssue = z.infer<typeof cmsIssueSchema>;

export async function readPublishedIssues(
  config: Pick<Config, 'CMS_URL' | 'MEMBER_CONTENT_SECRET'>,
): Promise<CmsIssue[]> {
  const response = await fetch(new URL('/api/newsletter-issues/for-commerce', config.CMS_URL), {
    headers: { [MEMBER_CONTENT_SECRET_HEADER]: config.MEMBER_CONTENT_SECRET ?? '' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`the CMS answered ${response.status}`);
  return z.object({ issues: z.array(cmsIssueSchema) }).parse(await response.json()).issues;
}
