/**
 * Opened from the CMS admin's preview: turns on draft mode and shows the post's latest draft.
 * With `status=published` it turns draft mode off, so the published version shows again.
 */
import { draftMode } from 'next/headers';
import { redirect } from 'next/navigation';
import type { NextRequest } from 'next/server';
import { storefrontConfig } from '@/lib/config';
import { sameSecret } from '@aba-shop/service-kit/same-secret';

const SLUG = /^[a-z0-9-]{1,200}$/;

export async function GET(request: NextRequest) {
  const { PREVIEW_SECRET } = storefrontConfig();
  const params = request.nextUrl.searchParams;
  if (!PREVIEW_SECRET || !sameSecret(params.get('secret'), PREVIEW_SECRET)) {
    return Response.json({ message: 'Invalid preview link' }, { status: 401 });
  }
  const slug = params.get('slug') ?? '';
  if (!SLUG.test(slug)) return Response.json({ message: 'Invalid slug' }, { status: 400 });
  const draft = await draftMode();
  if (params.get('status') === 'published') draft.disable();
  else draft.enable();
  redirect(`/blog/${slug}`);
}
