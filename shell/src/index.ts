import { preloadForPath } from './remote-preload.ts';

// The public remote starts loading now, while the shell's startup chunks download.
preloadForPath(window.location.pathname);
// Async boundary: shared singletons are negotiated before any app code runs (Module Federation).
import('./bootstrap.tsx');
