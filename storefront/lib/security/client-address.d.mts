/** What TypeScript sees of client-address.mjs, which the storefront's server runs as it is. */
import type { IncomingHttpHeaders } from 'node:http';

export declare function parseTrustedProxies(
  text: string | undefined,
): { ok: true; proxies: string[] } | { ok: false; message: string };

export type Trust = (address: string, hop: number) => boolean;

export declare function compileTrust(proxies: string[]): Trust;

export declare function headersForNext(
  socket: { peer: string | undefined; encrypted: boolean },
  headers: IncomingHttpHeaders,
  trust: Trust,
): IncomingHttpHeaders;
