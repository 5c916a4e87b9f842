import { routesOf, useSessionStore } from '@leadmesh/session';
import { AppTheme, ComingSoon } from '@leadmesh/ui';
import { Route, Routes } from 'react-router-dom';

/**
 * The dashboard routes of mf-admin, from the route table, mounted by the shell under `/dashboard/*`
 * (the shell only mounts it for paths the table gives to mf_admin). Screens arrive in later issues.
 */
export default function App() {
  const dark = useSessionStore((s) => s.theme) === 'dark';
  return (
    <AppTheme dark={dark}>
      <Routes>
        {routesOf('mf_admin').map(({ path }) => (
          <Route key={path} path={path} element={<ComingSoon screen={path} />} />
        ))}
      </Routes>
    </AppTheme>
  );
}
