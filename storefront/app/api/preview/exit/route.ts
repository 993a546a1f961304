/** Leaves draft preview and goes back to the published page. */
import { draftMode } from 'next/headers';
import { redirect } from 'next/navigation';
import type { NextRequest } from 'next/server';

export async function GET(request: NextRequest) {
  (await draftMode()).disable();
  const slug = request.nextUrl.searchParams.get('slug') ?? '';
  redirect(/^[a-z0-9-]{1,200}$/.test(slug) ? `/blog/${slug}` : '/blog');
}
