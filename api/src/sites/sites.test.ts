import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrafficWorld, type TrafficWorld } from '../features/tracking/test-world.ts';
import { sitePath } from './files.ts';
import { injectScript, PAGE_SCRIPT_PATH, pageScriptTag } from './page-script.ts';

let w: TrafficWorld;
beforeAll(async () => {
  w = await createTrafficWorld();
});
afterAll(async () => {
  await w?.close();
});

/** The value of one directive of a CSP. */
function directive(policy: string, name: string): string[] {
  const found = policy.split(';').find((d) => d.trim().startsWith(`${name} `));
  return found ? found.trim().split(/\s+/).slice(1) : [];
}

describe('pages of a taken offer', () => {
  it('serve the prelanding entry with the page script, the click and the landing link keeping it', async () => {
    const visitor = w.visitor();
    const { token, location } = await visitor.click(w.taken.TrackingCode);
    const page = await visitor.get(location);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<p>Story</p>');
    const landing = `/o/${w.taken.TrackingCode}/landing/index.html?click=${token}`;
    expect(html).toContain(
      `<script src="${PAGE_SCRIPT_PATH}" defer data-click="${token}" data-landing="${landing}"></script></head>`,
    );
    // The prelanding's own ./landing link also works without the script (the cookie keeps the click).
    const viaLink = await visitor.get(`/o/${w.taken.TrackingCode}/landing`);
    expect(viaLink.status).toBe(301);
    const dir = await visitor.get(viaLink.headers.get('location')!);
    expect(dir.status).toBe(302);
    expect(dir.headers.get('location')).toBe(`/o/${w.taken.TrackingCode}/landing/index.html`);
    const landingPage = await visitor.get(dir.headers.get('location')!);
    expect(await landingPage.text()).toContain(
      `data-click="${token}" data-order="/o/${w.taken.TrackingCode}/_lm/order"`,
    );
  });

  it('send security headers: nosniff, no framing, and a CSP for the page’s own files and the script', async () => {
    const visitor = w.visitor();
    const { location } = await visitor.click(w.taken.TrackingCode);
    for (const response of [
      await visitor.get(location),
      await visitor.get(`/o/${w.taken.TrackingCode}/landing/style.css`),
      await visitor.get(PAGE_SCRIPT_PATH),
      await visitor.get('/nowhere'),
    ]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(directive(csp, 'script-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
      expect(directive(csp, 'form-action')).toEqual(["'self'"]);
      expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
      expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    }
  });

  it('serve assets with their type and never the session of the API', async () => {
    const visitor = w.visitor();
    const css = await visitor.get(`/o/${w.taken.TrackingCode}/landing/style.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toBe('h1{color:green}');
    const script = await visitor.get(PAGE_SCRIPT_PATH);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toContain('navigator');
    // Nothing of the API lives here.
    expect((await visitor.get('/auth/checkLogin')).status).toBe(404);
    expect((await visitor.get('/api/csrf')).status).toBe(404);
  });

  it('refuse paths that leave the website, malformed escapes and NUL, never with a file or a 5xx', async () => {
    const visitor = w.visitor();
    const base = `/o/${w.taken.TrackingCode}/landing/`;
    for (const path of [
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '%2e%2e/%2e%2e/package.json',
      'style.css%00.html',
      '%E0%A4%A',
      'a%5C..%5C..%5Cx',
      'missing.html',
      '.%2e/thanks.html',
    ]) {
      // (URL parsing already resolves encoded dots: `%2e%2e/%2e%2e/x` becomes /o/x, a redirect to nothing.)
      const response = await visitor.get(`${base}${path}`);
      expect(response.status, path).not.toBe(200);
      expect(response.status, path).toBeLessThan(500);
    }
  });

  it('a visit to the landing without a click records one, so its order is authenticated', async () => {
    const visitor = w.visitor();
    const page = await visitor.get(`/o/${w.taken.TrackingCode}/landing/index.html?c1=direct`);
    const token = /data-click="([^"]+)"/.exec(await page.text())?.[1];
    expect(token).toBeTruthy();
    expect(visitor.cookies.get('lm_click')).toBe(token);
    const answer = await visitor.order(
      w.taken.TrackingCode,
      { name: 'Direct', phone: '+381 60 5550001' },
      token,
    );
    expect(answer.status).toBe(200);
  });

  it('the root of a taken offer leads to its first page; unknown offers answer 404 pages', async () => {
    const visitor = w.visitor();
    const root = await visitor.get(`/o/${w.taken.TrackingCode}/`);
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe(`/o/${w.taken.TrackingCode}/index.html`);
    expect((await visitor.get(`/o/${w.taken.TrackingCode}`)).status).toBe(301);
    const unknown = await visitor.get('/o/nope-nope-nope/index.html');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Page not found');
  });
});

describe('previews of uploaded websites', () => {
  it('serve the entry with the script in preview mode, where orders are not sent', async () => {
    const visitor = w.visitor();
    const page = await visitor.get(`/w/${w.landing.StorageKey}/index.html`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-preview="1"');
    expect(html).not.toContain('data-click');
    expect((await visitor.get(`/w/${w.landing.StorageKey}/`)).headers.get('location')).toBe(
      `/w/${w.landing.StorageKey}/index.html`,
    );
    expect((await visitor.get('/w/unknown-key/index.html')).status).toBe(404);
  });
});

describe('building blocks', () => {
  it('sitePath decodes segment by segment and refuses what could escape', () => {
    expect(sitePath('css/main%20file.css')).toBe('css/main file.css');
    for (const bad of ['', '..', 'a/../b', '%2e%2e', 'a%2Fb', 'a%5Cb', '%00', '%E0%A4%A', 'a//b', './a']) {
      expect(sitePath(bad), bad).toBeNull();
    }
  });

  it('the script tag goes before </head>, else </body>, else at the end; attributes are escaped', () => {
    const tag = pageScriptTag({ click: 'a"b<c' });
    expect(tag).toContain('data-click="a&quot;b&lt;c"');
    expect(injectScript('<html><HEAD></HEAD><body></body></html>', 'T')).toBe(
      '<html><HEAD>T</HEAD><body></body></html>',
    );
    expect(injectScript('<body>x</body>', 'T')).toBe('<body>xT</body>');
    expect(injectScript('plain', 'T')).toBe('plainT');
  });
});
