import { Route, Routes } from 'react-router-dom';
import { setupI18n } from './i18n.ts';
import { LoginPage } from './pages/login/login.tsx';
import { PublicPage } from './pages/static/page.tsx';

setupI18n();

/** The public routes (public §2), mounted by the shell at `/*` inside the public layout. */
export default function App() {
  return (
    <Routes>
      <Route index element={<PublicPage page="home" />} />
      <Route path="publishers" element={<PublicPage page="publishers" />} />
      <Route path="advertisers" element={<PublicPage page="advertisers" />} />
      <Route path="aboutus" element={<PublicPage page="aboutus" />} />
      <Route path="login" element={<LoginPage />} />
      <Route path="register" element={<PublicPage page="register" />} />
      <Route path="resetPassword" element={<PublicPage page="resetPassword" />} />
      <Route path="conference" element={<PublicPage page="conference" />} />
      <Route path="terms" element={<PublicPage page="terms" />} />
      <Route path="privacy" element={<PublicPage page="privacy" />} />
      <Route path="*" element={<PublicPage page="notFound" />} />
    </Routes>
  );
}
