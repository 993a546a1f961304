/**
 * @jest-environment node
 */
import type { IncomingHttpHeaders } from 'node:http';
import { compileTrust } from '@aba-shop/service-kit/trusted-proxies';
import { headersForNext } from './client-address.mjs';

const plain = { peer: '192.0.2.10', encrypted: false };
const fromLoopback = { peer: '127.0.0.1', encrypted: false };
const forged = {
  'x-forwarded-for': '198.51.100.66',
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-port': '8443',
  'x-real-ip': '198.51.100.67',
  forwarded: 'for=198.51.100.68;proto=https',
};

describe('headersForNext', () => {
  it.each<
    [
      string,
      { peer: string | undefined; encrypted: boolean },
      string[],
      IncomingHttpHeaders,
      IncomingHttpHeaders,
    ]
  >([
    [
      'a visitor reaching the storefront directly is its socket, whatever it claims',
      plain,
      [],
      forged,
      { 'x-forwarded-for': '192.0.2.10', 'x-forwarded-proto': 'http' },
    ],
    [
      'a visitor that claims nothing is its socket too',
      plain,
      [],
      {},
      { 'x-forwarded-for': '192.0.2.10', 'x-forwarded-proto': 'http' },
    ],
    [
      'a TLS socket says https by itself',
      { peer: '192.0.2.10', encrypted: true },
      [],
      { 'x-forwarded-proto': 'http' },
      { 'x-forwarded-for': '192.0.2.10', 'x-forwarded-proto': 'https' },
    ],
    [
      'a peer that is not on the list is not believed, though a list is set',
      plain,
      ['loopback', '10.0.0.0/8'],
      forged,
      { 'x-forwarded-for': '192.0.2.10', 'x-forwarded-proto': 'http' },
    ],
    [
      'a trusted proxy is believed about the visitor, the protocol, the host and the port',
      fromLoopback,
      ['loopback'],
      {
        ...forged,
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-host': 'www.shop.example',
        'x-forwarded-port': '443',
      },
      {
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'www.shop.example',
        'x-forwarded-port': '443',
      },
    ],
    [
      'what the visitor wrote before the trusted proxy appended its address is not believed',
      fromLoopback,
      ['loopback'],
      { 'x-forwarded-for': '198.51.100.66, 203.0.113.9' },
      { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'http' },
    ],
    [
      'through a chain of trusted proxies, the nearest address that is not one',
      fromLoopback,
      ['loopback', '10.0.0.0/8'],
      {
        'x-forwarded-for': '198.51.100.66, 203.0.113.9, 10.1.2.3',
        'x-forwarded-proto': 'https, http',
      },
      { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
    ],
    [
      'a trusted proxy that forwards no address is the client itself',
      fromLoopback,
      ['loopback'],
      {},
      { 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http' },
    ],
    [
      'a loopback peer written as an IPv4-mapped IPv6 address is still loopback',
      { peer: '::ffff:127.0.0.1', encrypted: false },
      ['loopback'],
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'http' },
    ],
    [
      'a socket already closed gives no address, rather than a made-up one',
      { peer: undefined, encrypted: false },
      ['loopback'],
      { 'x-forwarded-for': '198.51.100.66' },
      { 'x-forwarded-proto': 'http' },
    ],
  ])('%s', (_case, socket, proxies, sent, expected) => {
    const headers = { host: 'shop.test', cookie: 'session=1', ...sent };
    expect(headersForNext(socket, headers, compileTrust(proxies))).toEqual({
      host: 'shop.test',
      cookie: 'session=1',
      ...expected,
    });
  });

  it('leaves the headers it was given as they were', () => {
    const sent = { ...forged };
    headersForNext(plain, sent, compileTrust([]));
    expect(sent).toEqual(forged);
  });
});
