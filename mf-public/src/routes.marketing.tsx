import { Route } from 'react-router-dom';
import { AboutUsPage } from './pages/aboutus/aboutus.tsx';
import { AdvertisersPage } from './pages/advertisers/advertisers.tsx';
import { HomePage } from './pages/home/home.tsx';
import { PrivacyPage } from './pages/privacy/privacy.tsx';
import { PublishersPage } from './pages/publishers/publishers.tsx';
import { TermsPage } from './pages/terms/terms.tsx';

/** Marketing and legal pages (public §2): /, /publishers, /advertisers, /aboutus, /terms, /privacy. */
export const marketingRoutes = (
  <>
    <Route index element={<HomePage />} />
    <Route path="publishers" element={<PublishersPage />} />
    <Route path="advertisers" element={<AdvertisersPage />} />
    <Route path="aboutus" element={<AboutUsPage />} />
    <Route path="terms" element={<TermsPage />} />
    <Route path="privacy" element={<PrivacyPage />} />
  </>
);
