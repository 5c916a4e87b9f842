import type { RemoteAppModule, RemoteName, RemotesManifest } from '@leadmesh/federation';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { Button, Result, Spin } from 'antd';
import { Component, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

let manifestPromise: Promise<RemotesManifest> | null = null;

/**
 * Fetches `remotes.json` (beside the shell's index.html): each remote's `mf-manifest.json` URL.
 * `force` refetches it, so Retry picks up a fixed URL without rebuilding anything.
 */
export function fetchRemotesManifest(force = false): Promise<RemotesManifest> {
  if (!manifestPromise || force) {
    manifestPromise = fetch('/remotes.json', { cache: 'no-store' })
      .then((response) => {
        if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
        return response.json() as Promise<RemotesManifest>;
      })
      .catch((error: unknown) => {
        manifestPromise = null;
        throw error;
      });
  }
  return manifestPromise;
}

const registered = new Map<RemoteName, string>();
let pluginRegistered = false;

/** errorLoadRemote hook: logs which remote failed; the boundary below shows the Retry box. */
function registerErrorPlugin() {
  if (pluginRegistered) return;
  pluginRegistered = true;
  registerPlugins([
    {
      name: 'leadmesh-remote-errors',
      errorLoadRemote({ id, error }) {
        console.warn(`[leadmesh] remote ${id} failed to load`, error);
        return undefined;
      },
    },
  ]);
}

/**
 * Registers a remote at run time and loads its `./App` (trap 4: nothing is fetched for a remote
 * before this runs, so a visitor never downloads the dashboard remotes). `force` re-registers it,
 * clearing the runtime's cache of a failed manifest.
 */
export async function loadRemoteApp(name: RemoteName, force = false): Promise<RemoteAppModule> {
  registerErrorPlugin();
  const manifest = await fetchRemotesManifest(force);
  const entry = manifest[name];
  if (!entry) throw new Error(`remotes.json has no entry for ${name}`);
  if (force || registered.get(name) !== entry) {
    registerRemotes([{ name, entry }], { force: registered.has(name) });
    registered.set(name, entry);
  }
  const module = await loadRemote<RemoteAppModule>(`${name}/App`);
  if (!module?.default) throw new Error(`${name}/App did not load`);
  return module;
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

function RemoteErrorBox({ name, onRetry }: { name: RemoteName; onRetry(): void }) {
  const { t } = useTranslation('shell');
  return (
    <div data-testid="remote-error" data-remote={name}>
      <Result
        status="warning"
        title={t('remote.failed')}
        extra={
          <Button type="primary" data-testid="remote-retry" onClick={onRetry}>
            {t('remote.retry')}
          </Button>
        }
      />
    </div>
  );
}

/** Renders a remote's `./App`, loading it on first use; a failure shows Retry, never a white page. */
export function RemoteApp({ name }: { name: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const LazyApp = useMemo(() => lazy(() => loadRemoteApp(name, attempt > 0)), [name, attempt]);
  return (
    <RemoteErrorBoundary key={`${name}:${attempt}`} name={name} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense
        fallback={
          <div data-testid="remote-loading" style={{ padding: 48, textAlign: 'center' }}>
            <Spin />
          </div>
        }
      >
        <div data-testid="remote-root" data-remote={name}>
          <LazyApp />
        </div>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
