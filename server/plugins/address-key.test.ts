import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key.ts';

describe('addressKey', () => {
  it('keeps an IPv4 address, also when a dual-stack socket writes it as IPv6', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::FFFF:192.0.2.7')).toBe('192.0.2.7');
  });

  it('keys every address of one IPv6 /64 alike, and other /64s apart', () => {
    const a = addressKey('2001:db8:1:2::1');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(a);
    expect(addressKey('2001:db8:1:2:a:b:c:d')).toBe(a);
    expect(addressKey('[2001:db8:1:2::99]')).toBe(a);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(a);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('2001:db8:1:2:3:4:192.0.2.1')).toBe(a);
  });

  it('leaves what is not an address as it is', () => {
    expect(addressKey(undefined)).toBe('');
    expect(addressKey('unix-socket')).toBe('unix-socket');
  });
});
