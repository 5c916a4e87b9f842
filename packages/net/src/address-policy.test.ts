import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AddressClass,
  classifyAddress,
  isAddressAllowed,
  isMetadataHostName,
} from './address-policy.ts';

const cases: Record<AddressClass, string[]> = {
  public: [
    '8.8.8.8',
    '93.184.215.14',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808', // NAT64 for 8.8.8.8
    '2002:808:808::1', // 6to4 for 8.8.8.8
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7', // Teredo: server 65.54.227.120, client 8.8.8.8
  ],
  loopback: [
    '127.0.0.1',
    '127.255.255.254',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '[::ffff:7f00:1]',
  ],
  private: [
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '::ffff:10.0.0.1',
    '::ffff:c0a8:101',
    '::10.0.0.1', // IPv4-compatible
    '::a00:1',
    '::ffff:0:10.0.0.1', // IPv4-translated
    '64:ff9b::10.0.0.1', // NAT64 for 10.0.0.1
    '64:ff9b::c0a8:101',
    '64:ff9b:1::1', // NAT64 local use
    '2002:a00:1::1', // 6to4 for 10.0.0.1
    '2002:c0a8:101::', // 6to4 for 192.168.1.1
    '2001:0:4136:e378:8000:63bf:f5ff:fffe', // Teredo client 10.0.0.1
    '2001:0:a00:1:8000:63bf:f7f7:f7f7', // Teredo server 10.0.0.1
  ],
  uniqueLocal: ['fc00::1', 'fd12:3456:789a::1'],
  siteLocal: ['fec0::1', 'feff::1'],
  linkLocal: ['169.254.1.1', '169.254.255.255', 'fe80::1', 'fe80::1%eth0', '::ffff:169.254.1.1'],
  carrierGradeNat: ['100.64.0.1', '100.127.255.255', '::ffff:100.64.0.1'],
  multicast: ['224.0.0.1', '239.255.255.250', 'ff02::1', 'ff05::1:3'],
  broadcast: ['255.255.255.255'],
  unspecified: ['0.0.0.0', '0.1.2.3', '::', '::ffff:0.0.0.0', '64:ff9b::0.0.0.1'],
  benchmarking: ['198.18.0.1', '198.19.255.255', '2001:2::1', '2002:c612:1::1'],
  documentation: ['192.0.2.1', '198.51.100.1', '203.0.113.255', '2001:db8::1', '3fff::1'],
  reserved: [
    '240.0.0.1',
    '192.0.0.1',
    '192.88.99.1',
    '100::1',
    '2001:10::1',
    '::ffff:0:8.8.8.8', // translated form of a public address: never a destination
    '::8.8.8.8', // compatible form of a public address: deprecated
    '4000::1',
    '5f00::1',
  ],
  metadata: [
    '169.254.169.254',
    '169.254.170.2',
    '100.100.100.200',
    'fd00:ec2::254',
    'FD00:EC2:0::254',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    '2002:a9fe:a9fe::1',
  ],
  invalid: [
    '',
    'example.com',
    '2130706433',
    '0x7f.1',
    '0x7f000001',
    '017700000001',
    '010.0.0.1',
    '127.1',
    '256.0.0.1',
    '1:2:3:4:5:6:7:8:9',
    'http://127.0.0.1/',
  ],
};

describe('classifyAddress', () => {
  const rows = Object.entries(cases).flatMap(([cls, ips]) => ips.map((ip) => [ip, cls] as const));
  it.each(rows)('%s is %s', (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });

  const v4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255));
  const dotted = ([a, b, c, d]: number[]) => `${a}.${b}.${c}.${d}`;
  const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);

  it('gives an IPv4-mapped address the class of its IPv4 address', () => {
    fc.assert(
      fc.property(v4, (o) => {
        expect(classifyAddress(`::ffff:${dotted(o)}`)).toBe(classifyAddress(dotted(o)));
        expect(classifyAddress(`::ffff:${hex(o[0], o[1])}:${hex(o[2], o[3])}`)).toBe(
          classifyAddress(dotted(o)),
        );
      }),
    );
  });

  it('never calls NAT64, 6to4 or IPv4-compatible forms of a non-public IPv4 public', () => {
    fc.assert(
      fc.property(v4, (o) => {
        const inner = classifyAddress(dotted(o));
        fc.pre(inner !== 'public');
        const wrapped = [
          `64:ff9b::${dotted(o)}`,
          `2002:${hex(o[0], o[1])}:${hex(o[2], o[3])}::1`,
          `::ffff:0:${dotted(o)}`,
        ];
        for (const ip of wrapped) expect(classifyAddress(ip)).not.toBe('public');
      }),
      { numRuns: 500 },
    );
  });

  it('classifies every address of 10/8, 172.16/12 and 192.168/16 as private', () => {
    fc.assert(
      fc.property(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(15), (b, c, d, x) => {
        expect(classifyAddress(`10.${b}.${c}.${d}`)).toBe('private');
        expect(classifyAddress(`172.${16 + x}.${c}.${d}`)).toBe('private');
        expect(classifyAddress(`192.168.${c}.${d}`)).toBe('private');
      }),
    );
  });
});

describe('isAddressAllowed', () => {
  it('admits public addresses only, unless loopback is explicitly allowed', () => {
    expect(isAddressAllowed('8.8.8.8')).toBe(true);
    expect(isAddressAllowed('127.0.0.1')).toBe(false);
    expect(isAddressAllowed('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isAddressAllowed('::1', { allowLoopback: true })).toBe(true);
  });

  it.each(['10.0.0.1', '169.254.169.254', '169.254.1.1', 'fd00:ec2::254', 'fc00::1', '0.0.0.0', 'not-an-ip'])(
    'refuses %s even with allowLoopback',
    (ip) => {
      expect(isAddressAllowed(ip, { allowLoopback: true })).toBe(false);
    },
  );
});

describe('isMetadataHostName', () => {
  it.each(['metadata.google.internal', 'METADATA.google.internal.', 'metadata', 'instance-data'])(
    '%s',
    (name) => {
      expect(isMetadataHostName(name)).toBe(true);
    },
  );
  it('does not flag ordinary names', () => {
    expect(isMetadataHostName('metadata.example.com')).toBe(false);
  });
});
