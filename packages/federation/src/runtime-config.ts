import { REMOTE_NAMES, REMOTES, type RemoteName, type RemotesManifest } from './remotes.ts';

/**
 * The `remotes.json` the shell fetches at run time. Defaults point at each remote on
 * `http://localhost:<port>/mf-manifest.json`; `REMOTES_JSON` (a whole JSON object) and per-remote
 * `MF_PUBLIC_URL`, `MF_PUBLISHER_URL`, `MF_ADVERTISER_URL`, `MF_ADMIN_URL` override them.
 * A per-remote value may be a base URL or the manifest URL itself.
 */
export function remotesManifest(
  env: Record<string, string | undefined> = process.env,
  bases: Partial<Record<RemoteName, string>> = {},
): RemotesManifest {
  const fromJson = env.REMOTES_JSON ? (JSON.parse(env.REMOTES_JSON) as Partial<RemotesManifest>) : {};
  const manifest = {} as RemotesManifest;
  for (const name of REMOTE_NAMES) {
    const raw =
      env[REMOTES[name].envUrl] ??
      fromJson[name] ??
      bases[name] ??
      `http://localhost:${REMOTES[name].port}/mf-manifest.json`;
    manifest[name] = raw.endsWith('.json') ? raw : `${raw.replace(/\/$/, '')}/mf-manifest.json`;
  }
  return manifest;
}

/** What the shell page learns at run time, before its bundle runs. */
export interface RuntimeConfig {
  /** The API as the browser reaches it. */
  apiUrl: string;
  /**
   * `remotes.json` inlined: the shell starts fetching the public remote at once instead of after
   * another round trip. `/remotes.json` stays for Retry.
   */
  remotes?: RemotesManifest;
}

/** The run-time config script the shell page loads before its bundle (`/config.js`). */
export function runtimeConfigScript(config: RuntimeConfig): string {
  return `window.__LEADMESH_CONFIG__ = ${JSON.stringify(config)};\n`;
}

/**
 * Security headers of every page and file the shell and the remotes serve.
 *
 * The Content-Security-Policy allows scripts from the shell's origin and the remotes' origins
 * only (from the remotes manifest, so a remote moved by `MF_*_URL` is still allowed), requests to
 * those and the API, images from the shell, the API (uploads), `data:` and `blob:`. Styles allow
 * `'unsafe-inline'`: antd's CSS-in-JS injects `<style>` elements at run time and React writes
 * `style` attributes; no inline script is allowed but those named by their hash (`inlineScripts`).
 * The page cannot be framed (`frame-ancestors`), plugins are off, `<base>` cannot move the origin.
 */
export function securityHeaders(config: {
  apiUrl: string;
  remotes: RemotesManifest;
  /** Inline scripts allowed by their hash (`'sha256-…'`): the prerendered page's loader (decision 0085). */
  inlineScripts?: string[];
}): Record<string, string> {
  const remoteOrigins = [...new Set(Object.values(config.remotes).map((url) => new URL(url).origin))];
  const api = new URL(config.apiUrl).origin;
  const list = (...sources: string[]) => [...new Set(sources)].join(' ');
  const policy = [
    "default-src 'self'",
    `script-src ${list("'self'", ...remoteOrigins, ...(config.inlineScripts ?? []))}`,
    `connect-src ${list("'self'", api, ...remoteOrigins)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', 'blob:', api)}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}
