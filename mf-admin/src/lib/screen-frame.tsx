import { lazy, type ReactNode, Suspense } from 'react';
import { canOpenScreen } from './access.ts';
import { useFlags } from './screen-data.ts';

// antd's 403 page, loaded only for a user the screen is not for: the frame itself imports no antd,
// so the first lead rows draw before antd has loaded (decision 0064).
const Forbidden = lazy(() => import('./forbidden.tsx').then(({ Forbidden }) => ({ default: Forbidden })));

/**
 * A screen's root: `data-testid="screen"` with its route, and the refusal for a user the screen is
 * not for (the server refuses their calls anyway; this only spares them a page of errors).
 */
export function Screen({ path, children }: { path: string; children: ReactNode }) {
  const flags = useFlags();
  const allowed = canOpenScreen(path, flags);
  return (
    <section data-testid="screen" data-screen={path} style={{ minWidth: 0 }}>
      {allowed ? (
        children
      ) : (
        <Suspense fallback={null}>
          <Forbidden />
        </Suspense>
      )}
    </section>
  );
}
