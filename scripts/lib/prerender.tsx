/**
 * Public pages to HTML at build time (issue 19, decision 0061). The pages that read the same for
 * every visitor are rendered here with the shell's public layout around mf-public's page, as the
 * shell draws them, and written to `shell/dist/prerendered.json`; the shell's server sends a
 * route's markup inside `#root` (and its styles in the head) to a request without a session, so
 * the landing is read before any script ran. The pages with forms (log in, sign up, reset password,
 * conference) and the team carousel stay drawn by the remote: they need antd and the session.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import PublicApp from '../../mf-public/src/App.tsx';
import { setupI18n } from '../../shell/src/i18n.ts';
import { PublicLayout } from '../../shell/src/layouts/PublicLayout.tsx';
import { ShellStyles } from '../../shell/src/styles.tsx';
import { PRERENDERED_FILE, type PrerenderedPage, REPO_ROOT } from './frontends.ts';

/** The public addresses whose page is prerendered: plain markup, the same for everyone. */
export const PRERENDERED_PATHS = ['/', '/publishers', '/advertisers', '/terms', '/privacy'] as const;

const STYLE_TAG = /<style\b[^>]*>[\s\S]*?<\/style>/g;

/** The shell's tree for a public page as `shell/src/App.tsx` draws it once mf-public has loaded. */
function PublicPage({ pathname }: { pathname: string }) {
  return (
    <StaticRouter location={pathname}>
      <ShellStyles />
      <div data-testid="app-root" data-theme="light">
        <PublicLayout>
          {/* Marked as the server's copy, as the shell's loading state marks it: a test or the bench
              waiting for mf-public's own page must not take this markup for it. */}
          <div data-testid="remote-root" data-remote="mf_public" data-prerendered="">
            <PublicApp />
          </div>
        </PublicLayout>
      </div>
    </StaticRouter>
  );
}

/**
 * A first pass waits for the page's lazy chunk; the second renders it in place, in one piece (a
 * streamed render would send a large boundary apart, to be put in place by an inline script).
 */
async function render(pathname: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(<PublicPage pathname={pathname} />);
  for await (const _chunk of prelude);
  const html = renderToString(<PublicPage pathname={pathname} />);
  if (html.includes('<template') || html.includes('<script'))
    throw new Error(`prerender: ${pathname} did not render in one piece`);
  return html;
}

/**
 * The shell's stylesheet names its assets by their source address (`new URL(..., import.meta.url)`):
 * here that is a `file:` URL, in the build the content-hashed copy the browser fetches (the same
 * bytes under another name).
 */
function withBuiltAssetUrls(html: string): string {
  const dist = path.join(REPO_ROOT, 'shell', 'dist');
  const assets = path.join(REPO_ROOT, 'shell', 'src', 'assets');
  const built = existsSync(dist) ? readdirSync(dist) : [];
  return html.replace(new RegExp(`${pathToFileURL(assets).href}/([\\w.-]+)`, 'g'), (whole, name: string) => {
    const bytes = readFileSync(path.join(assets, name));
    const copy = built.find(
      (f) => path.extname(f) === path.extname(name) && readFileSync(path.join(dist, f)).equals(bytes),
    );
    if (!copy) throw new Error(`prerender: no built copy of ${whole} in shell/dist`);
    return `/${copy}`;
  });
}

/** Renders every prerendered path: the hoisted styles go to the head, the rest into `#root`. */
export async function prerenderPublicPages(): Promise<Record<string, PrerenderedPage>> {
  setupI18n();
  const pages: Record<string, PrerenderedPage> = {};
  for (const pathname of PRERENDERED_PATHS) {
    const html = withBuiltAssetUrls(await render(pathname));
    const styles = html.match(STYLE_TAG) ?? [];
    pages[pathname] = { head: styles.join(''), body: html.replace(STYLE_TAG, '') };
  }
  return pages;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pages = await prerenderPublicPages();
  writeFileSync(PRERENDERED_FILE, JSON.stringify(pages));
  console.log(`[frontends] prerendered ${Object.keys(pages).join(', ')}`);
}
