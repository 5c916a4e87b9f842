import type { ComponentType } from 'react';

/**
 * The four remotes: federation name (what `registerRemotes` must use, trap 4), folder and dev port.
 * The shell is on port 3000.
 */
export const REMOTES = {
  mf_public: { dir: 'mf-public', port: 3001, envUrl: 'MF_PUBLIC_URL' },
  mf_publisher: { dir: 'mf-publisher', port: 3002, envUrl: 'MF_PUBLISHER_URL' },
  mf_advertiser: { dir: 'mf-advertiser', port: 3003, envUrl: 'MF_ADVERTISER_URL' },
  mf_admin: { dir: 'mf-admin', port: 3004, envUrl: 'MF_ADMIN_URL' },
} as const;

export type RemoteName = keyof typeof REMOTES;
export const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];
export const SHELL_PORT = 3000;

/** `remotes.json`: each remote's federation name to the URL of its `mf-manifest.json`. */
export type RemotesManifest = Record<RemoteName, string>;

/**
 * What every remote exposes as `./App`: a component rendering its routes. It is mounted by the
 * shell under `/dashboard/*` (dashboard remotes) or `/*` (mf_public), inside the shell's router,
 * so its `<Routes>` are relative to that mount point.
 */
export interface RemoteAppModule {
  default: ComponentType;
}

/**
 * The modules remotes expose, by `loadRemote` id. Each remote checks its exposes against this
 * map (`src/exposes.ts`), so a remote that breaks the contract fails `tsc`.
 */
export interface RemoteModules {
  'mf_public/App': RemoteAppModule;
  'mf_publisher/App': RemoteAppModule;
  'mf_advertiser/App': RemoteAppModule;
  'mf_admin/App': RemoteAppModule;
}
