/**
 * CORS_ORIGINS is a comma-separated list of exact origins; an entry may end in `:*` to
 * admit any port of that host (used by test runs on free ports, never needed in production).
 */
export function originMatcher(list: string): (origin: string) => boolean {
  const entries = list
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const exact = new Set(entries.filter((e) => !e.endsWith(':*')));
  const anyPort = entries
    .filter((e) => e.endsWith(':*'))
    .map((e) => new RegExp(`^${e.slice(0, -2).replace(/[.]/g, '\\.')}:\\d+$`));
  return (origin) => exact.has(origin) || anyPort.some((host) => host.test(origin));
}
