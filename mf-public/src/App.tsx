import { routesOf } from '@leadmesh/session';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { setupI18n } from './i18n.ts';
import { NotFoundPage } from './pages/not-found/not-found.tsx';
import { PAGES } from './pages.ts';

setupI18n();

/** Shown while a page's chunk loads: a quiet block of the page's height, no spinner flash. */
const pending = <div style={{ minHeight: '60vh' }} data-testid="page-loading" />;

/**
 * The public routes (public §2), from the route table, mounted by the shell at `/*` inside the
 * public layout. Public pages are always light; pages drawn with antd get its theme (`pages.ts`).
 */
export default function App() {
  return (
    <Suspense fallback={pending}>
      <Routes>
        {routesOf('mf_public').map(({ path }) => {
          const Page = PAGES[path];
          return <Route key={path} index={path === ''} path={path || undefined} element={<Page />} />;
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
