import { Route } from 'react-router-dom';
import { ConferencePage } from './pages/conference/conference.tsx';
import { LoginPage } from './pages/login/login.tsx';
import { RegisterPage } from './pages/register/register.tsx';
import { ResetPasswordPage } from './pages/reset-password/reset-password.tsx';

/** Account pages (public §2): login, sign-up, password reset, conferences. */
export const accountRoutes = (
  <>
    <Route path="login" element={<LoginPage />} />
    <Route path="register" element={<RegisterPage />} />
    <Route path="resetPassword" element={<ResetPasswordPage />} />
    <Route path="conference" element={<ConferencePage />} />
  </>
);
