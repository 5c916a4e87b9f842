import { createApiClient } from './client.ts';

export * from './client.ts';

declare global {
  interface Window {
    /** Run-time configuration the shell server writes (`/config.js`); see scripts/lib/frontends.ts. */
    __LEADMESH_CONFIG__?: {
      apiUrl?: string;
      /** Each remote's `mf-manifest.json` URL (the shell's remotes.json, inlined). */
      remotes?: Record<string, string>;
    };
  }
}

/** Where the API is: the run-time config the shell server serves, else the same host on port 5000. */
export function defaultApiUrl(): string {
  if (typeof window === 'undefined') return 'http://localhost:5000';
  return (
    window.__LEADMESH_CONFIG__?.apiUrl ?? `${window.location.protocol}//${window.location.hostname}:5000`
  );
}

/**
 * The client the shell and every remote share (a Module Federation singleton), so one CSRF token
 * and one base URL serve the whole page.
 */
export const api = createApiClient({ baseUrl: () => defaultApiUrl() });
