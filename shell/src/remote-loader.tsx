import type { RemoteAppModule, RemoteName } from '@leadmesh/federation';
import { prerenderedMarkup } from '@leadmesh/federation/prerendered';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { Component, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerRemote, remotesManifest } from './remote-preload.ts';

/**
 * Registers a remote at run time and loads its `./App` (trap 4: nothing is fetched for a remote
 * before this runs, so a visitor never downloads the dashboard remotes). `force` refetches
 * `/remotes.json` and re-registers the remote, clearing the runtime's cache of a failed manifest.
 */
export async function loadRemoteApp(name: RemoteName, force = false): Promise<RemoteAppModule> {
  const manifest = await remotesManifest(force);
  const entry = manifest[name];
  if (!entry) throw new Error(`remotes.json has no entry for ${name}`);
  registerRemote(name, entry, force);
  const module = await loadRemote<RemoteAppModule>(`${name}/App`);
  if (!module?.default) throw new Error(`${name}/App did not load`);
  return module;
}

/** `./App` loads started before the remote is drawn (`prefetchRemoteApp`), by remote. */
const prefetched = new Map<RemoteName, Promise<RemoteAppModule>>();

/**
 * Starts loading a remote's `./App` (its entry, its files, running its module) before the shell
 * draws it: on a return visit most of the dashboard's time is running the remote's scripts, which
 * then overlaps the login check instead of following it. Only for the remote the shell's server
 * named (`sessionRemote`: the request carried a session cookie); the check still decides whether it
 * is drawn. A failure is left to the real load, which shows Retry.
 */
export function prefetchRemoteApp(name: RemoteName): void {
  if (prefetched.has(name)) return;
  const loading = loadRemoteApp(name);
  loading.catch(() => prefetched.delete(name));
  prefetched.set(name, loading);
}

interface BoundaryProps {
  name: RemoteName;
  onRetry(): void;
  children: ReactNode;
}

/** Catches a remote that fails to load or to render and shows the Retry box inside the layout. */
class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (this.state.error) {
      return <RemoteErrorBox name={this.props.name} onRetry={this.props.onRetry} />;
    }
    return this.props.children;
  }
}

/** Plain markup (shell/src/styles.tsx): it must show even when nothing else loaded. */
function RemoteErrorBox({ name, onRetry }: { name: RemoteName; onRetry(): void }) {
  const { t } = useTranslation('shell');
  return (
    <section className="lm-notice" role="alert" data-testid="remote-error" data-remote={name}>
      <h2>{t('remote.failed')}</h2>
      <p>{t('remote.hint')}</p>
      <button
        type="button"
        className="lm-button lm-button-primary"
        data-testid="remote-retry"
        onClick={onRetry}
      >
        {t('remote.retry')}
      </button>
    </section>
  );
}

/** The loading indicator of the shell (plain CSS, no antd). */
export function Spinner({ testId }: { testId: string }) {
  const { t } = useTranslation('shell');
  return <div className="lm-spinner" role="status" aria-label={t('remote.loading')} data-testid={testId} />;
}

/**
 * While a remote loads: the page the server sent already drawn (a prerendered public page, kept
 * as it is so the visitor reads on and nothing moves, decision 0061), else the spinner.
 */
function RemoteLoading({ name }: { name: RemoteName }) {
  const html = name === 'mf_public' ? prerenderedMarkup() : null;
  if (html === null) return <Spinner testId="remote-loading" />;
  return (
    <div
      data-testid="remote-root"
      data-remote={name}
      data-prerendered=""
      // The server's own markup of this very page (scripts/lib/prerender.tsx), not user input.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markup rendered by React at build time
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** Renders a remote's `./App`, loading it on first use; a failure shows Retry, never a white page. */
export function RemoteApp({ name }: { name: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const LazyApp = useMemo(
    () => lazy(() => (attempt === 0 && prefetched.get(name)) || loadRemoteApp(name, attempt > 0)),
    [name, attempt],
  );
  return (
    <RemoteErrorBoundary key={`${name}:${attempt}`} name={name} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<RemoteLoading name={name} />}>
        <div data-testid="remote-root" data-remote={name}>
          <LazyApp />
        </div>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
