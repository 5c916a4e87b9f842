import { routesOf, useSessionStore } from '@leadmesh/session';
import { AppTheme, ComingSoon } from '@leadmesh/ui';
import { Route, Routes } from 'react-router-dom';

/**
 * The dashboard routes of mf-publisher, from the route table, mounted by the shell under `/dashboard/*`
 * (the shell only mounts it for paths the table gives to mf_publisher). Screens arrive in later issues.
 */
export default function App() {
  const dark = useSessionStore((s) => s.theme) === 'dark';
  return (
    <AppTheme dark={dark}>
      <Routes>
        {routesOf('mf_publisher').map(({ path }) => (
          <Route key={path} path={path} element={<ComingSoon screen={path} />} />
        ))}
      </Routes>
    </AppTheme>
  );
}
