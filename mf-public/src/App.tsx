import { Route, Routes } from 'react-router-dom';
import { setupI18n } from './i18n.ts';
import { PublicPage } from './pages/static/page.tsx';
import { accountRoutes } from './routes.account.tsx';
import { marketingRoutes } from './routes.marketing.tsx';

setupI18n();

/** The public routes (public §2), mounted by the shell at `/*` inside the public layout. */
export default function App() {
  return (
    <Routes>
      {marketingRoutes}
      {accountRoutes}
      <Route path="*" element={<PublicPage page="notFound" />} />
    </Routes>
  );
}
