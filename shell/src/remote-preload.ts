/**
 * Where the remotes are, and their registration with the Module Federation runtime. This module is
 * part of the shell's entry chunk, before the async boundary (src/index.ts): it imports no shared
 * module (no React), so it can run at once and start fetching the public remote while the shell's
 * own startup chunks are still downloading.
 */
import type { RemoteName, RemotesManifest } from '@leadmesh/federation';
import { preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';

let fetched: Promise<RemotesManifest> | null = null;

/**
 * Each remote's `mf-manifest.json` URL: the copy the shell server wrote into `/config.js` (no extra
 * round trip), else `/remotes.json`. `force` refetches `/remotes.json`, so Retry picks up a fixed
 * URL without rebuilding anything; what it fetched is used from then on.
 */
export function remotesManifest(force = false): Promise<RemotesManifest> {
  const inline = window.__LEADMESH_CONFIG__?.remotes as RemotesManifest | undefined;
  if (!force && fetched) return fetched;
  if (!force && inline) return Promise.resolve(inline);
  fetched = fetch('/remotes.json', { cache: 'no-store' })
    .then((response) => {
      if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
      return response.json() as Promise<RemotesManifest>;
    })
    .catch((error: unknown) => {
      fetched = null;
      throw error;
    });
  return fetched;
}

const registered = new Map<RemoteName, string>();
let pluginRegistered = false;

/** errorLoadRemote hook: logs which remote failed; the shell's boundary shows the Retry box. */
function registerErrorPlugin() {
  if (pluginRegistered) return;
  pluginRegistered = true;
  registerPlugins([
    {
      name: 'leadmesh-remote-errors',
      errorLoadRemote({ id, error }) {
        console.warn(`[leadmesh] remote ${id} failed to load`, error);
        return undefined;
      },
    },
  ]);
}

/**
 * Registers a remote at run time (trap 4: nothing of a remote is fetched before this), again when
 * its URL changed or `force` is set (clearing the runtime's cache of a failed manifest).
 */
export function registerRemote(name: RemoteName, entry: string, force = false): void {
  registerErrorPlugin();
  if (force || registered.get(name) !== entry) {
    registerRemotes([{ name, entry }], { force: registered.has(name) });
    registered.set(name, entry);
  }
}

/**
 * On a public address, starts loading mf_public's manifest, remoteEntry.js and `./App` chunks at
 * once, in parallel with the shell's own startup. Dashboard addresses wait for the login check,
 * so a visitor never downloads a dashboard remote. A failure here is left to the real load, which
 * shows Retry.
 */
export function preloadForPath(pathname: string): void {
  // A dashboard remote is preloaded by the page's own hints (the shell's server writes them with a
  // session, `shellHints`), never registered here: the runtime must not meet a dashboard remote
  // before the login check (a broken one would hold the shell's startup).
  if (pathname === '/dashboard' || pathname.startsWith('/dashboard/')) return;
  const entry = window.__LEADMESH_CONFIG__?.remotes?.mf_public;
  if (!entry) return;
  registerRemote('mf_public', entry);
  void preloadRemote([{ nameOrAlias: 'mf_public', exposes: ['./App'] }]).catch(() => undefined);
}

/**
 * The remote the shell's server named for this page (`<meta name="leadmesh-remote">`, written only
 * when the request carried a session cookie and the address is a dashboard's), or null.
 */
export function sessionRemote(): RemoteName | null {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="leadmesh-remote"]');
  const name = meta?.content as RemoteName | undefined;
  return name && window.__LEADMESH_CONFIG__?.remotes?.[name] ? name : null;
}
