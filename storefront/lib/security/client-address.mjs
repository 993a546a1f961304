/**
 * Who the client is, as the storefront's server (server.mjs) tells Next.js: X-Forwarded-For
 * is believed only as far as trusted proxies wrote it, read by proxy-addr as Fastify reads it
 * (docs/adr/0010-client-addresses-that-cannot-be-forged.md). Plain JavaScript, run without a
 * build step.
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
 * @param {(address: string, hop: number) => boolean} trust from service-kit's compileTrust
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
