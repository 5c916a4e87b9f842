import { lazyScreen } from '@leadmesh/federation';
import { RemoteRoutes } from '@leadmesh/ui';
import { FIRST_SCREEN_ROUTES, LEAD_VIEW_ROUTES } from './pages/lead-views.tsx';
import { PUBLISHER_SCREENS } from './screens.tsx';

const ComingSoon = lazyScreen(() => import('@leadmesh/ui').then(({ ComingSoon }) => ComingSoon));

/**
 * The dashboard routes of mf-publisher, from the route table, mounted by the shell under `/dashboard/*`
 * (the shell only mounts it for paths the table gives to mf_publisher). The lead screens are the kit's
 * shared views (`lead-views.tsx`); every other built screen is its own chunk (`screens.tsx`); a route
 * without either keeps the honest placeholder. The App imports no antd: the dashboard draws its
 * first screen without it.
 */
export default function App() {
  return (
    <RemoteRoutes
      remote="mf_publisher"
      firstScreens={FIRST_SCREEN_ROUTES}
      screenOf={(path) => {
        const Screen = PUBLISHER_SCREENS[path];
        return (
          LEAD_VIEW_ROUTES[path] ??
          (Screen ? (
            <section data-testid="screen" data-screen={path}>
              <Screen />
            </section>
          ) : (
            <ComingSoon screen={path} />
          ))
        );
      }}
    />
  );
}
