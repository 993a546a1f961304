/**
 * `/admin`, the administrators' landing page, answered as one finished document written on the
 * server (docs/adr/0038-overview-drawn-on-the-server.md): the visitor's session cookie goes with
 * the figures' calls, a visitor without a session is sent to sign in and back, and the answer is
 * never cached. The area's other pages are React pages under app/admin/.
 */
import type { NextRequest } from 'next/server';
import { loginPathFor } from '@/components/admin/admin-nav';
import { OVERVIEW_PATH, overviewDocument } from '@/components/admin/overview/overview-document';
import { readOverview } from '@/lib/admin/overview';

const PRIVATE = { 'cache-control': 'private, no-store' };

export async function GET(request: NextRequest) {
  const overview = await readOverview(request.headers.get('cookie'), request.nextUrl.searchParams);
  if (overview.kind === 'sign-in')
    return new Response(null, {
      status: 307,
      headers: { ...PRIVATE, location: loginPathFor(OVERVIEW_PATH) },
    });
  const here = `${OVERVIEW_PATH}${request.nextUrl.search}`;
  return new Response(overviewDocument(overview, here), {
    headers: { ...PRIVATE, 'content-type': 'text/html; charset=utf-8' },
  });
}
