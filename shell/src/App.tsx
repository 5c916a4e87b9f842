import {
  applyBodyTheme,
  captureRefId,
  sessionStore,
  startSessionSync,
  useSessionStore,
} from '@leadmesh/session';
import { theme as antdTheme, ConfigProvider, Spin } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { DashboardLayout } from './layouts/DashboardLayout.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { RemoteApp } from './remote-loader.tsx';

/** Pages a logged-in user is sent away from, to /dashboard/publisher (public §2 Login). */
export const LOGIN_TYPE_PAGES = ['/login', '/register', '/resetPassword'];

/** Starts the session check once, keeps ?ref= and keeps the body's dark class in step with the path. */
function SessionEffects() {
  const location = useLocation();
  const theme = useSessionStore((s) => s.theme);
  useEffect(() => startSessionSync(sessionStore), []);
  useEffect(() => {
    captureRefId(location.search);
  }, [location.search]);
  useEffect(() => applyBodyTheme(location.pathname, theme), [location.pathname, theme]);
  return null;
}

function RequireLogin({ children }: { children: ReactNode }) {
  const isLoggedIn = useSessionStore((s) => s.isLoggedIn);
  if (isLoggedIn === null) {
    return (
      <div data-testid="session-loading" style={{ padding: 96, textAlign: 'center' }}>
        <Spin size="large" />
      </div>
    );
  }
  if (!isLoggedIn) return <Navigate to="/login" replace />;
  return children;
}

function PublicRoutes() {
  const { pathname } = useLocation();
  const isLoggedIn = useSessionStore((s) => s.isLoggedIn);
  if (isLoggedIn && LOGIN_TYPE_PAGES.includes(pathname))
    return <Navigate to="/dashboard/publisher" replace />;
  return (
    <PublicLayout>
      <RemoteApp name="mf_public" />
    </PublicLayout>
  );
}

function Themed({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const theme = useSessionStore((s) => s.theme);
  const dark = theme === 'dark' && pathname.includes('dashboard');
  return (
    <ConfigProvider
      theme={{
        algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        // antd's default blue (#1677ff) reaches 4.1:1 against white; this one passes WCAG AA.
        token: dark ? {} : { colorPrimary: '#0958d9', colorLink: '#0958d9', colorInfo: '#0958d9' },
      }}
    >
      <div data-testid="app-root" data-theme={dark ? 'dark' : 'light'}>
        {children}
      </div>
    </ConfigProvider>
  );
}

/** Top-level routes: the public pages (mf_public) and `/dashboard/*` for logged-in users. */
export function App() {
  return (
    <BrowserRouter>
      <SessionEffects />
      <Themed>
        <Routes>
          <Route
            path="/dashboard/*"
            element={
              <RequireLogin>
                <DashboardLayout />
              </RequireLogin>
            }
          />
          <Route path="/*" element={<PublicRoutes />} />
        </Routes>
      </Themed>
    </BrowserRouter>
  );
}
