import {
  applyBodyTheme,
  captureRefId,
  dashboardHome,
  findRoute,
  NOT_FOUND_TITLE,
  sessionStore,
  startSessionSync,
  themeIsDark,
  useSessionStore,
} from '@leadmesh/session';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { prefetchRemoteApp, RemoteApp, Spinner } from './remote-loader.tsx';
import { sessionRemote } from './remote-preload.ts';
import { ShellStyles } from './styles.tsx';

/**
 * The dashboard layout (sidebar, header, user menu; plain CSS like the public layout, decision
 * 0062) loads only for logged-in users.
 */
const loadDashboardLayout = () =>
  import(/* webpackChunkName: "dashboard-layout" */ './layouts/DashboardLayout.tsx');
const DashboardLayout = lazy(loadDashboardLayout);
// With a session on a dashboard address (the server's hint), the layout and the remote's ./App
// load with the login check instead of after it (issue 19); the check still decides what is drawn.
// There too, the session this tab kept from its last check is drawn while the check runs (decision
// 0091): only where the server saw a session cookie, so a logged-out tab never shows it.
const hintedRemote = sessionRemote();
if (hintedRemote) {
  void loadDashboardLayout();
  prefetchRemoteApp(hintedRemote);
  sessionStore.getState().drawKeptSession();
}

/** Pages a logged-in user is sent away from, to their home (public §2 Login; session dashboardHome). */
export const LOGIN_TYPE_PAGES = ['/login', '/register', '/resetPassword'];

/**
 * Starts the session check once, keeps ?ref=, keeps the body's dark class in step with the path
 * and names the browser tab after the page (the route table's title).
 */
function SessionEffects() {
  const location = useLocation();
  const theme = useSessionStore((s) => s.theme);
  useEffect(() => startSessionSync(sessionStore), []);
  useEffect(() => {
    captureRefId(location.search, localStorage, location.hash);
  }, [location.search, location.hash]);
  useEffect(() => applyBodyTheme(location.pathname, theme), [location.pathname, theme]);
  useEffect(() => {
    const title = findRoute(location.pathname)?.title ?? NOT_FOUND_TITLE;
    document.title = location.pathname === '/' ? 'Leadmesh' : `${title} · Leadmesh`;
  }, [location.pathname]);
  return null;
}

/** While the check runs, a kept session (`drawKeptSession`) is drawn; without one, a spinner. */
function RequireLogin({ children }: { children: ReactNode }) {
  const isLoggedIn = useSessionStore((s) => s.isLoggedIn);
  const drawn = useSessionStore((s) => s.userData !== null);
  if (isLoggedIn === null) return drawn ? children : <Spinner testId="session-loading" />;
  if (!isLoggedIn) return <Navigate to="/login" replace />;
  return children;
}

function PublicRoutes() {
  const { pathname } = useLocation();
  const isLoggedIn = useSessionStore((s) => s.isLoggedIn);
  const userData = useSessionStore((s) => s.userData);
  if (isLoggedIn && LOGIN_TYPE_PAGES.includes(pathname))
    return <Navigate to={dashboardHome(userData)} replace />;
  return (
    <PublicLayout>
      <RemoteApp name="mf_public" />
    </PublicLayout>
  );
}

/** Marks the page dark or light (`data-theme`): dark only in the dashboard with the dark theme on. */
function ThemeRoot({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const theme = useSessionStore((s) => s.theme);
  const dark = themeIsDark(pathname, theme);
  return (
    <div data-testid="app-root" data-theme={dark ? 'dark' : 'light'}>
      {children}
    </div>
  );
}

/** Top-level routes: the public pages (mf_public) and `/dashboard/*` for logged-in users. */
export function App() {
  return (
    <BrowserRouter>
      <ShellStyles />
      <SessionEffects />
      <ThemeRoot>
        <Routes>
          <Route
            path="/dashboard/*"
            element={
              <RequireLogin>
                <Suspense fallback={<Spinner testId="session-loading" />}>
                  <DashboardLayout />
                </Suspense>
              </RequireLogin>
            }
          />
          <Route path="/*" element={<PublicRoutes />} />
        </Routes>
      </ThemeRoot>
    </BrowserRouter>
  );
}
