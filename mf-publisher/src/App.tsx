import { lazyScreen } from '@leadmesh/federation';
import { routesOf, useSessionStore } from '@leadmesh/session';
import { LazyAppTheme, ScreenLoading } from '@leadmesh/ui';
import { Suspense } from 'react';
import { Outlet, Route, Routes } from 'react-router-dom';
import { FIRST_SCREEN_ROUTES, LEAD_VIEW_ROUTES } from './pages/lead-views.tsx';
import { PUBLISHER_SCREENS } from './screens.tsx';

const ComingSoon = lazyScreen(() => import('@leadmesh/ui').then(({ ComingSoon }) => ComingSoon));

const pending = <ScreenLoading />;

/** antd's theme around every screen but the dashboard, which loads it after its tiles (decision 0064). */
function Themed() {
  const dark = useSessionStore((s) => s.theme) === 'dark';
  return (
    <LazyAppTheme dark={dark} fallback={pending}>
      <Suspense fallback={pending}>
        <Outlet />
      </Suspense>
    </LazyAppTheme>
  );
}

/**
 * The dashboard routes of mf-publisher, from the route table, mounted by the shell under `/dashboard/*`
 * (the shell only mounts it for paths the table gives to mf_publisher). The lead screens are the kit's
 * shared views (`lead-views.tsx`); every other built screen is its own chunk (`screens.tsx`); a route
 * without either keeps the honest placeholder. The App imports no antd: the dashboard draws its
 * first screen without it.
 */
export default function App() {
  const routes = routesOf('mf_publisher');
  return (
    <Routes>
      {routes
        .filter(({ path }) => FIRST_SCREEN_ROUTES[path])
        .map(({ path }) => (
          <Route key={path} path={path} element={FIRST_SCREEN_ROUTES[path]} />
        ))}
      <Route element={<Themed />}>
        {routes
          .filter(({ path }) => !FIRST_SCREEN_ROUTES[path])
          .map(({ path }) => {
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
      </Route>
    </Routes>
  );
}
