import { clientKeyOf } from './client-key.ts';

describe('the client a limit counts', () => {
  it('is an IPv4 address as it is, also when written as IPv6', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is an IPv6 address’s /64, however the address is written', () => {
    const key = '2001:0db8:0001:0002::/64';
    expect(clientKeyOf('2001:db8:1:2::1')).toBe(key);
    expect(clientKeyOf('2001:db8:1:2:abcd:ef01:2345:6789')).toBe(key);
    expect(clientKeyOf('2001:DB8:1:2:0:0:0:ffff')).toBe(key);
    expect(clientKeyOf('2001:db8:1:3::1')).not.toBe(key);
    expect(clientKeyOf('2001:db8::1')).toBe('2001:0db8:0000:0000::/64');
    expect(clientKeyOf('::1')).toBe('0000:0000:0000:0000::/64');
  });
});
