import { routesOf, useSessionStore } from '@leadmesh/session';
import { AppTheme, ComingSoon } from '@leadmesh/ui';
import { Route, Routes } from 'react-router-dom';
import { LEAD_VIEW_ROUTES } from './pages/lead-views.tsx';

/**
 * The dashboard routes of mf-publisher, from the route table, mounted by the shell under `/dashboard/*`
 * (the shell only mounts it for paths the table gives to mf_publisher). Screens not built yet show
 * ComingSoon.
 */
export default function App() {
  const dark = useSessionStore((s) => s.theme) === 'dark';
  return (
    <AppTheme dark={dark}>
      <Routes>
        {routesOf('mf_publisher').map(({ path }) => (
          <Route key={path} path={path} element={LEAD_VIEW_ROUTES[path] ?? <ComingSoon screen={path} />} />
        ))}
      </Routes>
    </AppTheme>
  );
}
