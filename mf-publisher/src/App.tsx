import { routesOf, useSessionStore } from '@leadmesh/session';
import { AppTheme, ComingSoon, ScreenLoading } from '@leadmesh/ui';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LEAD_VIEW_ROUTES } from './pages/lead-views.tsx';
import { PUBLISHER_SCREENS } from './screens.tsx';

const pending = <ScreenLoading />;

/**
 * The dashboard routes of mf-publisher, from the route table, mounted by the shell under `/dashboard/*`
 * (the shell only mounts it for paths the table gives to mf_publisher). The lead screens are the kit's
 * shared views (`lead-views.tsx`); every other built screen is its own chunk (`screens.tsx`); a route
 * without either keeps the honest placeholder.
 */
export default function App() {
  const dark = useSessionStore((s) => s.theme) === 'dark';
  return (
    <AppTheme dark={dark}>
      <Suspense fallback={pending}>
        <Routes>
          {routesOf('mf_publisher').map(({ path }) => {
            const Screen = PUBLISHER_SCREENS[path];
            const element =
              LEAD_VIEW_ROUTES[path] ??
              (Screen ? (
                <section data-testid="screen" data-screen={path}>
                  <Screen />
                </section>
              ) : (
                <ComingSoon screen={path} />
              ));
            return <Route key={path} path={path} element={element} />;
          })}
        </Routes>
      </Suspense>
    </AppTheme>
  );
}
