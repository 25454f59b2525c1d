import { describe, expect, it } from 'vitest';
import { isAllowed, isInternalAddress, parseAllowEntry, parseAllowList, plainAddress } from './addresses.ts';

describe('internal addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.10',
    '100.64.0.1',
    '100.100.100.200',
    '169.254.169.254',
    '0.0.0.0',
    '192.0.0.8',
    '192.0.2.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:7f00:1',
    '::ffff:8.8.8.8',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b:1::a00:1',
    '2002:7f00:1::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:db8::1',
    'fd00:ec2::254',
    'fc00::1',
    'fe80::1',
    'fe80::1%eth0',
    'fec0::1',
    'ff02::1',
    'not-an-address',
    '',
  ])('refuses %s', (address) => {
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
  ])('lets %s through', (address) => {
    expect(isInternalAddress(address)).toBe(false);
  });

  it('reads an IPv4 address written as IPv6 as the IPv4 address it is', () => {
    expect(plainAddress('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(plainAddress('[::ffff:127.0.0.1]')).toBe('127.0.0.1');
    expect(plainAddress('0:0:0:0:0:ffff:a00:1')).toBe('10.0.0.1');
    expect(plainAddress('2606:4700:4700:0:0:0:0:1111')).toBe('2606:4700:4700::1111');
  });
});

describe('allow-list entries', () => {
  it.each([
    'minio',
    'minio.internal:9000',
    '10.0.0.5',
    '10.0.0.5:9000',
    '10.0.0.0/8',
    'fd00::/8',
    '::1',
    '[::1]:9000',
    'MinIO.Internal',
  ])('accepts %s', (entry) => {
    expect(parseAllowEntry(entry)).toBeDefined();
  });

  it.each(['http://minio', 'minio:99999', '10.0.0.0/33', 'fd00::/129', 'a b', '*.example.com', 'host:port'])(
    'refuses %s',
    (entry) => {
      expect(parseAllowEntry(entry)).toBeUndefined();
    },
  );

  it('matches a name, a name on one port, an address, an address on one port and a range', () => {
    const entries = parseAllowList([
      'minio.internal',
      'db.internal:5432',
      '10.0.0.5',
      '10.0.0.6:9000',
      '192.168.8.0/24',
    ]);
    expect(isAllowed(entries, 'MINIO.internal.', 9000, '10.9.9.9')).toBe(true);
    expect(isAllowed(entries, 'db.internal', 5432, '10.9.9.9')).toBe(true);
    expect(isAllowed(entries, 'db.internal', 5433, '10.9.9.9')).toBe(false);
    expect(isAllowed(entries, 'anything', 80, '10.0.0.5')).toBe(true);
    expect(isAllowed(entries, 'anything', 9000, '10.0.0.6')).toBe(true);
    expect(isAllowed(entries, 'anything', 9001, '10.0.0.6')).toBe(false);
    expect(isAllowed(entries, 'anything', 80, '192.168.8.200')).toBe(true);
    expect(isAllowed(entries, 'anything', 80, '192.168.9.1')).toBe(false);
    // The same address spelled as IPv6 is the same address.
    expect(isAllowed(entries, 'anything', 80, '::ffff:10.0.0.5')).toBe(true);
    expect(isAllowed(entries, 'anything', 80, '::ffff:a00:5')).toBe(true);
    expect(isAllowed(entries, 'localhost', 80, '127.0.0.1')).toBe(false);
  });
});
