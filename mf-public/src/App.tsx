import { prerenderedMarkup } from '@leadmesh/federation/prerendered';
import { routesOf } from '@leadmesh/session';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { setupI18n } from './i18n.ts';
import { NotFoundPage } from './pages/not-found/not-found.tsx';
import { PAGES } from './pages.ts';

setupI18n();

/**
 * Shown while a page's chunk loads: the page as the server sent it, when it came prerendered
 * (decision 0061: the visitor keeps reading, nothing moves), else a quiet block of the page's
 * height, no spinner flash.
 */
function PageLoading() {
  const html = prerenderedMarkup();
  if (html === null) return <div style={{ minHeight: '60vh' }} data-testid="page-loading" />;
  // The server's own markup of this very page (scripts/lib/prerender.tsx), not user input.
  return (
    <div
      style={{ display: 'contents' }}
      data-prerendered=""
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markup rendered by React at build time
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

const pending = <PageLoading />;

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
