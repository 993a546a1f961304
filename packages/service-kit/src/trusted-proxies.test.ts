import { compileTrust, parseTrustedProxies } from './trusted-proxies.ts';

describe('parseTrustedProxies', () => {
  it('accepts presets, addresses, CIDR ranges and netmasks, trimmed', () => {
    expect(
      parseTrustedProxies(' loopback, 10.0.0.0/8,fd00::1/64 ,192.0.2.7,10.0.0.0/255.0.0.0'),
    ).toEqual({
      ok: true,
      proxies: ['loopback', '10.0.0.0/8', 'fd00::1/64', '192.0.2.7', '10.0.0.0/255.0.0.0'],
    });
  });

  it.each(['true', 'everyone', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/8'])(
    'names %s as the entry it refuses',
    (wrong) => {
      expect(parseTrustedProxies(`loopback,${wrong}`)).toEqual({
        ok: false,
        message: `must be a comma-separated list of loopback, linklocal, uniquelocal, IP addresses and CIDR ranges; "${wrong}" is not`,
      });
    },
  );

  it('refuses a value that lists no proxy at all, which is surely a mistake', () => {
    expect(parseTrustedProxies(' , ')).toMatchObject({ ok: false });
  });

  it('trusts exactly the listed addresses', () => {
    const trust = compileTrust(['10.0.0.0/8']);
    expect(trust('10.1.2.3', 0)).toBe(true);
    expect(trust('192.0.2.7', 0)).toBe(false);
  });
});
