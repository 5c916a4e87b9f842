import { mountStandalone } from '@leadmesh/federation/standalone';
import App from './App.tsx';

/** Standalone development page: the remote alone against the API, mounted where the shell mounts it. */
mountStandalone(App, '/dashboard/*');
