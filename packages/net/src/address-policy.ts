import { isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * What an IP address is, as far as outbound traffic is concerned. Only `public` may be contacted
 * (plus `loopback` when a test sets `allowLoopback`); every other class is refused.
 */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'uniqueLocal'
  | 'siteLocal'
  | 'linkLocal'
  | 'carrierGradeNat'
  | 'multicast'
  | 'broadcast'
  | 'unspecified'
  | 'benchmarking'
  | 'documentation'
  | 'reserved'
  | 'metadata'
  | 'invalid';

/** Who may be contacted: production leaves `allowLoopback` false; tests set it to reach fakes on 127.0.0.1. */
export interface AddressPermission {
  allowLoopback?: boolean;
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number, AddressClass];

function ranges(list: [string, AddressClass][]): Range[] {
  return list.map(([cidr, cls]) => {
    const [addr, bits] = ipaddr.parseCIDR(cidr);
    return [addr, bits, cls];
  });
}

/**
 * Cloud instance-metadata endpoints, refused whatever else is allowed. They sit inside ranges that are
 * refused anyway (link-local, CGNAT, unique-local); naming them gives a clearer log line.
 */
const METADATA = ranges([
  ['169.254.169.254/32', 'metadata'], // AWS, GCP, Azure, OCI, DigitalOcean, OpenStack
  ['169.254.170.2/32', 'metadata'], // AWS ECS task metadata and credentials
  ['169.254.170.23/32', 'metadata'], // AWS EKS pod identity agent
  ['100.100.100.200/32', 'metadata'], // Alibaba Cloud
  ['192.0.0.192/32', 'metadata'], // Oracle Cloud (legacy)
  ['fd00:ec2::254/128', 'metadata'], // AWS IMDS over IPv6
  ['fd00:ec2::23/128', 'metadata'], // AWS EKS pod identity agent over IPv6
]);

/** First match wins, so narrower ranges come before the ranges that contain them. */
const IPV4 = ranges([
  ['0.0.0.0/8', 'unspecified'], // "this network"; 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'carrierGradeNat'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'linkLocal'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
  ['192.0.2.0/24', 'documentation'], // TEST-NET-1
  ['192.88.99.0/24', 'reserved'], // 6to4 relay anycast (deprecated)
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'], // TEST-NET-2
  ['203.0.113.0/24', 'documentation'], // TEST-NET-3
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
]);

const IPV6 = ranges([
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['64:ff9b:1::/48', 'private'], // NAT64 local-use prefix (RFC 8215): meaningful only inside one network
  ['100::/64', 'reserved'], // discard-only
  ['2001:2::/48', 'benchmarking'],
  ['2001:db8::/32', 'documentation'],
  ['2001::/23', 'reserved'], // IETF protocol assignments (Teredo is handled before this table)
  ['3fff::/20', 'documentation'], // RFC 9637
  ['fc00::/7', 'uniqueLocal'],
  ['fe80::/10', 'linkLocal'],
  ['fec0::/10', 'siteLocal'],
  ['ff00::/8', 'multicast'],
]);

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

function lookup(addr: ipaddr.IPv4 | ipaddr.IPv6, table: Range[]): AddressClass | undefined {
  for (const [net, bits, cls] of table) {
    if (addr.kind() === net.kind() && addr.match(net, bits)) return cls;
  }
  return undefined;
}

function classifyV4(addr: ipaddr.IPv4): AddressClass {
  return lookup(addr, METADATA) ?? lookup(addr, IPV4) ?? 'public';
}

function v4From(hi: number, lo: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
}

/**
 * The class of an IPv6 address that carries an IPv4 address: a non-public IPv4 inside makes the whole
 * address that class; a public one gives `whenPublic`.
 */
function embedded(inner: ipaddr.IPv4[], whenPublic: AddressClass): AddressClass {
  for (const v4 of inner) {
    const cls = classifyV4(v4);
    if (cls !== 'public') return cls;
  }
  return whenPublic;
}

function classifyV6(addr: ipaddr.IPv6): AddressClass {
  const p = addr.parts;
  const metadata = lookup(addr, METADATA);
  if (metadata) return metadata;
  const [zero0, zero1, zero2, zero3, zero4] = [p[0], p[1], p[2], p[3], p[4]].map((x) => x === 0);
  const firstFiveZero = zero0 && zero1 && zero2 && zero3 && zero4;
  // ::ffff:a.b.c.d: a dual-stack socket sends it as plain IPv4, so it is exactly the IPv4 address.
  if (firstFiveZero && p[5] === 0xffff) return classifyV4(v4From(p[6], p[7]));
  // ::ffff:0:a.b.c.d (SIIT "IPv4-translated") and ::a.b.c.d ("IPv4-compatible", deprecated): never a
  // destination of their own, so refused, with the IPv4 address's class when that one is not public.
  if (zero0 && zero1 && zero2 && zero3 && p[4] === 0xffff && p[5] === 0) {
    return embedded([v4From(p[6], p[7])], 'reserved');
  }
  if (firstFiveZero && p[5] === 0 && (p[6] !== 0 || p[7] > 1)) {
    return embedded([v4From(p[6], p[7])], 'reserved');
  }
  // NAT64 well-known prefix 64:ff9b::/96 reaches the IPv4 address through the operator's NAT64.
  if (p[0] === 0x64 && p[1] === 0xff9b && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0) {
    return embedded([v4From(p[6], p[7])], 'public');
  }
  // 6to4 2002:AABB:CCDD::/48 tunnels to IPv4 AA.BB.CC.DD.
  if (p[0] === 0x2002) return embedded([v4From(p[1], p[2])], 'public');
  // Teredo 2001:0:SSSS:SSSS:flags:port:CCCC:CCCC: server IPv4 in clear, client IPv4 inverted.
  if (p[0] === 0x2001 && p[1] === 0) {
    return embedded([v4From(p[2], p[3]), v4From(~p[6] & 0xffff, ~p[7] & 0xffff)], 'public');
  }
  const special = lookup(addr, IPV6);
  if (special) return special;
  // Everything outside 2000::/3 is unassigned or special-purpose.
  return addr.match(GLOBAL_UNICAST) ? 'public' : 'reserved';
}

/**
 * Classify an IP address for outbound traffic.
 *
 * Accepts the strict forms DNS answers and the WHATWG URL parser produce: dotted-quad IPv4 without
 * leading zeros (`10.0.0.1`) and any IPv6 text form, with or without brackets or a zone id
 * (`::ffff:10.0.0.1`, `[::1]`, `fe80::1%eth0`). Anything else (`0x7f.1`, `2130706433`, names) is
 * `invalid`; put URLs through {@link checkOutboundUrl}, which normalises those forms first.
 *
 * IPv6 addresses that carry an IPv4 address (IPv4-mapped, IPv4-compatible, IPv4-translated, NAT64
 * `64:ff9b::/96`, 6to4, Teredo) take the class of that IPv4 address when it is not public.
 *
 * @example
 * classifyAddress('169.254.169.254'); // 'metadata'
 * classifyAddress('::ffff:127.0.0.1'); // 'loopback'
 * classifyAddress('2002:a00:1::1'); // 'private' (6to4 for 10.0.0.1)
 * classifyAddress('93.184.215.14'); // 'public'
 */
export function classifyAddress(ip: string): AddressClass {
  let text = ip.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  if (isIPv4(text)) return classifyV4(ipaddr.IPv4.parse(text));
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  if (!isIPv6(text)) return 'invalid';
  // The URL parser writes an embedded dotted IPv4 tail as hex (`::10.0.0.1` → `::a00:1`), so ipaddr.js
  // never has to guess whether `::a.b.c.d` is mapped or compatible (it reads both as mapped).
  let canonical: string;
  try {
    canonical = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return 'invalid';
  }
  return classifyV6(ipaddr.IPv6.parse(canonical));
}

/**
 * Whether an address may be contacted: `public`, or `loopback` when `allowLoopback` is set. No setting
 * admits private, link-local or metadata addresses.
 */
export function isAddressAllowed(ip: string, permission: AddressPermission = {}): boolean {
  const cls = classifyAddress(ip);
  return cls === 'public' || (cls === 'loopback' && permission.allowLoopback === true);
}

/** Host names that reach instance metadata without resolving to a metadata address everywhere. */
const METADATA_NAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
]);

/** Whether a host name is a cloud metadata service name (case and a trailing dot ignored). */
export function isMetadataHostName(host: string): boolean {
  return METADATA_NAMES.has(host.toLowerCase().replace(/\.$/, ''));
}
