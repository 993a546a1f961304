import { connection } from 'next/server';
import type { ReactNode } from 'react';

/**
 * The admin console is rendered per request, never prerendered: its security policy allows
 * scripts by a nonce made for each answer (proxy.ts, ADR 0025), which Next writes into the
 * page only as it renders it. The console is about one administrator and never cached anyway.
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  await connection();
  return children;
}
