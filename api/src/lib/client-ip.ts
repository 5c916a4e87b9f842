import ipaddr from 'ipaddr.js';

/** Strips the IPv4-mapped IPv6 prefix so `::ffff:10.0.0.1` and `10.0.0.1` are one client. */
export function normalizeIp(raw: string | undefined): string | null {
  if (!raw) return null;
  const text = raw.trim().replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(text)) return null;
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (parsed as ipaddr.IPv6).toIPv4Address().toString();
  }
  return parsed.toString();
}

/** A matcher for TRUSTED_PROXIES: comma-separated addresses or CIDR ranges. */
export function proxyMatcher(list: string): (ip: string) => boolean {
  const ranges = list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) =>
      entry.includes('/')
        ? ipaddr.parseCIDR(entry)
        : ([ipaddr.parse(entry), entry.includes(':') ? 128 : 32] as const),
    );
  if (ranges.length === 0) return () => false;
  return (ip) => {
    const parsed = ipaddr.parse(ip);
    return ranges.some(([range, bits]) => parsed.kind() === range.kind() && parsed.match(range, bits));
  };
}

/**
 * The client's address: the socket's peer, unless that peer is a trusted proxy; then the
 * X-Forwarded-For chain is read from the right, skipping trusted proxies, and the first
 * address that is not one is the client. A header from anyone else is ignored, so it can
 * neither forge an address nor escape a per-IP limit.
 */
export function resolveClientIp(
  socketIp: string | undefined,
  forwardedFor: string | undefined,
  isTrustedProxy: (ip: string) => boolean,
): string {
  const peer = normalizeIp(socketIp);
  if (!peer) return 'unknown';
  if (!forwardedFor || !isTrustedProxy(peer)) return peer;
  const chain = forwardedFor.split(',').map((part) => normalizeIp(part));
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = chain[i];
    if (!hop) return peer;
    if (!isTrustedProxy(hop)) return hop;
  }
  return peer;
}

export function isLoopback(ip: string): boolean {
  return ipaddr.isValid(ip) && ipaddr.parse(ip).range() === 'loopback';
}
