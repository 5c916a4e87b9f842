import { Route } from 'react-router-dom';
import { PublicPage } from './pages/static/page.tsx';

/** Marketing and legal pages (public §2): /, /publishers, /advertisers, /aboutus, /terms, /privacy. */
export const marketingRoutes = (
  <>
    <Route index element={<PublicPage page="home" />} />
    <Route path="publishers" element={<PublicPage page="publishers" />} />
    <Route path="advertisers" element={<PublicPage page="advertisers" />} />
    <Route path="aboutus" element={<PublicPage page="aboutus" />} />
    <Route path="terms" element={<PublicPage page="terms" />} />
    <Route path="privacy" element={<PublicPage page="privacy" />} />
  </>
);
