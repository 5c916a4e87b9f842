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

/** The run-time config script the shell page loads before its bundle (`/config.js`). */
export function runtimeConfigScript(config: { apiUrl: string }): string {
  return `window.__LEADMESH_CONFIG__ = ${JSON.stringify(config)};\n`;
}
