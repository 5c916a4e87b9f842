import { startFirstScreenCalls } from './early-calls.ts';
import { preloadForPath, sessionRemote } from './remote-preload.ts';

// The first screen's API calls and its remote start now, while the shell's startup chunks download.
startFirstScreenCalls(window.location.pathname, sessionRemote() !== null);
preloadForPath(window.location.pathname);
// Async boundary: shared singletons are negotiated before any app code runs (Module Federation).
import('./bootstrap.tsx');
