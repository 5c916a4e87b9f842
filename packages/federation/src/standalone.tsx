import { sessionStore, startSessionSync } from '@leadmesh/session';
import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';

/**
 * Where the shell mounts a remote's `./App`: `/*` for mf_public, `/dashboard/*` for the dashboard
 * remotes (see `RemoteAppModule`).
 */
export type RemoteMountPath = '/*' | '/dashboard/*';

/**
 * Renders a remote's `./App` alone into `#root`, for the remote's own development page: the
 * remote against the API, with the session kept in step as the shell would, and the app mounted
 * at the path the shell mounts it at, so its relative `<Routes>` see the same URLs.
 *
 * Call it from the remote's `src/bootstrap.tsx`, behind the `import('./bootstrap.tsx')` async
 * boundary of `src/index.ts`, so the shared singletons are ready first.
 *
 * @example
 * // mf-admin/src/bootstrap.tsx
 * mountStandalone(App, '/dashboard/*');
 */
export function mountStandalone(App: ComponentType, mountPath: RemoteMountPath): void {
  startSessionSync(sessionStore);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <Routes>
          <Route path={mountPath} element={<App />} />
        </Routes>
      </BrowserRouter>
    </StrictMode>,
  );
}
