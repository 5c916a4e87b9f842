/** One IP's leads in the per-IP list (public §2): status 2 is approved; 3, 4 and 5 rejected. */
export interface IpCount {
  ip: string;
  total: number;
  approved: number;
  rejected: number;
}

const REJECTED = new Set([3, 4, 5]);

/** Counts a day's leads per IP, most leads first (ties by IP); a missing IP is shown as 'unknown'. */
export function countByIp(leads: readonly { IP: string | null; Status: number }[]): IpCount[] {
  const byIp = new Map<string, IpCount>();
  for (const lead of leads) {
    const ip = lead.IP ?? 'unknown';
    const row = byIp.get(ip) ?? { ip, total: 0, approved: 0, rejected: 0 };
    row.total += 1;
    if (lead.Status === 2) row.approved += 1;
    else if (REJECTED.has(lead.Status)) row.rejected += 1;
    byIp.set(ip, row);
  }
  return [...byIp.values()].sort((a, b) => b.total - a.total || a.ip.localeCompare(b.ip));
}
