import { Route } from 'react-router-dom';
import { LoginPage } from './pages/login/login.tsx';
import { PublicPage } from './pages/static/page.tsx';

/** Account pages (public §2): login, sign-up, password reset, conferences. */
export const accountRoutes = (
  <>
    <Route path="login" element={<LoginPage />} />
    <Route path="register" element={<PublicPage page="register" />} />
    <Route path="resetPassword" element={<PublicPage page="resetPassword" />} />
    <Route path="conference" element={<PublicPage page="conference" />} />
  </>
);
