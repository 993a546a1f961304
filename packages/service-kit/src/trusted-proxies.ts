/**
 * TRUSTED_PROXIES and TRUST_PROXY: the proxies whose X-Forwarded-* headers a service believes
 * (ADR 0010). One reading for every service: an entry is whatever proxy-addr, which applies
 * the list in Fastify and in the storefront's server, accepts (loopback, linklocal,
 * uniquelocal, an address, a CIDR range or an address/netmask), and a value that lists no
 * entry at all is refused rather than read as "trust nobody", which leaving it unset says.
 * Free of zod at run time: the storefront's server reads it before any build.
 */
import proxyAddr from 'proxy-addr';
import type { z } from 'zod';

const FORMAT =
  'must be a comma-separated list of loopback, linklocal, uniquelocal, IP addresses and CIDR ranges';

export type TrustedProxies = { ok: true; proxies: string[] } | { ok: false; message: string };

export function parseTrustedProxies(text: string): TrustedProxies {
  const proxies = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (proxies.length === 0) return { ok: false, message: `${FORMAT}; "${text}" is not` };
  for (const entry of proxies) {
    try {
      proxyAddr.compile(entry);
    } catch {
      return { ok: false, message: `${FORMAT}; "${entry}" is not` };
    }
  }
  return { ok: true, proxies };
}

/** Whether an address (at hop `hop` from the socket) is one of the proxies. */
export const compileTrust = (proxies: string[]) => proxyAddr.compile(proxies);

/** The zod refinement for a trusted-proxies variable: the list, or the reading's own message. */
export function trustedProxiesSetting(text: string, context: z.RefinementCtx): string[] {
  const parsed = parseTrustedProxies(text);
  if (parsed.ok) return parsed.proxies;
  context.addIssue({ code: 'custom', message: parsed.message });
  return [];
}
