import { type AppRemote, routesOf, useSessionStore } from '@leadmesh/session';
import { type ReactElement, Suspense } from 'react';
import { Outlet, Route, Routes } from 'react-router-dom';
import { LazyAppTheme } from './lazy-theme.tsx';
import { ScreenLoading } from './ScreenLoading.tsx';

const pending = <ScreenLoading />;

/** antd's theme around every screen but the first ones, which load it after they have drawn (decision 0064). */
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
 * A remote's dashboard routes, from the route table: its first screens (drawn before antd has
 * loaded, outside its theme) and every other screen under antd's theme, loaded lazily. The remote's
 * App therefore imports no antd.
 */
export function RemoteRoutes({
  remote,
  firstScreens,
  screenOf,
}: {
  remote: AppRemote;
  firstScreens: Record<string, ReactElement>;
  /** The element of a path that is not a first screen. */
  screenOf: (path: string) => ReactElement;
}) {
  const routes = routesOf(remote);
  return (
    <Routes>
      {routes
        .filter(({ path }) => firstScreens[path])
        .map(({ path }) => (
          <Route key={path} path={path} element={firstScreens[path]} />
        ))}
      <Route element={<Themed />}>
        {routes
          .filter(({ path }) => !firstScreens[path])
          .map(({ path }) => (
            <Route key={path} path={path} element={screenOf(path)} />
          ))}
      </Route>
    </Routes>
  );
}
