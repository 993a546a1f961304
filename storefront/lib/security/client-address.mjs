/**
 * Who the client is, as the storefront's server (server.mjs) tells Next.js before it sees a
 * request (ADR 0010). Plain JavaScript: the server runs it without a build step, and the
 * configuration (lib/config.ts) validates TRUSTED_PROXIES with the same code.
 *
 * Every per-visitor limit counts the address in X-Forwarded-For: the chat's here, and the
 * commerce service's, which believes the storefront. A client may send any X-Forwarded-For
 * it likes, so the header is believed only as far as it was written by trusted proxies, the
 * way Express and Fastify read it (proxy-addr): the client is the nearest address, starting
 * from the socket's peer, that is not a trusted proxy.
 */
import proxyAddr from 'proxy-addr';

/**
 * Headers in which a client could say who it is or how it came. Next.js and the services
 * behind the storefront get only the ones this module writes.
 */
const FORWARDING_HEADERS = new Set([
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-real-ip',
  'forwarded',
]);

const TRUSTED_PROXIES_FORMAT =
  'must be a comma-separated list of loopback, linklocal, uniquelocal, IP addresses and CIDR ranges';

/**
 * The trusted proxies listed in TRUSTED_PROXIES (empty: nobody, the socket's peer is the
 * client), or the first entry proxy-addr would refuse.
 *
 * @param {string | undefined} text
 * @returns {{ ok: true, proxies: string[] } | { ok: false, message: string }}
 */
export function parseTrustedProxies(text) {
  const proxies = (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of proxies) {
    try {
      proxyAddr.compile(entry);
    } catch {
      return { ok: false, message: `${TRUSTED_PROXIES_FORMAT}; "${entry}" is not` };
    }
  }
  return { ok: true, proxies };
}

/** @param {string[]} proxies */
export const compileTrust = (proxies) => proxyAddr.compile(proxies);

/** The first value of a header a proxy may have sent as a list ("https, http"). */
function firstValue(value) {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.split(',')[0]?.trim() || undefined;
}

/**
 * The request's headers as Next.js should see them: X-Forwarded-For is the client's address
 * alone; the protocol, host and port that a trusted peer forwarded are kept (their first
 * value), and otherwise come from the socket or from Next itself; X-Real-IP and Forwarded,
 * which nothing here reads, are dropped so that no one later reads what a client wrote there.
 *
 * @param {{ peer: string | undefined, encrypted: boolean }} socket the connection's peer
 * @param {import('node:http').IncomingHttpHeaders} headers as the client (or proxy) sent them
 * @param {(address: string, hop: number) => boolean} trust from compileTrust
 * @returns {import('node:http').IncomingHttpHeaders}
 */
export function headersForNext({ peer, encrypted }, headers, trust) {
  const passed = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!FORWARDING_HEADERS.has(name)) passed[name] = value;
  }
  const client = proxyAddr({ headers, socket: { remoteAddress: peer } }, trust);
  if (client) passed['x-forwarded-for'] = client;
  const fromProxy = peer !== undefined && trust(peer, 0);
  passed['x-forwarded-proto'] =
    (fromProxy && firstValue(headers['x-forwarded-proto'])) || (encrypted ? 'https' : 'http');
  if (fromProxy) {
    for (const name of ['x-forwarded-host', 'x-forwarded-port']) {
      const value = firstValue(headers[name]);
      if (value) passed[name] = value;
    }
  }
  return passed;
}
