import { keepPrerenderedMarkup } from '@leadmesh/federation/prerendered';
import { captureRefId } from '@leadmesh/session/ref-id';
import { startFirstScreenCalls } from './early-calls.ts';
import { preloadForPath, sessionRemote } from './remote-preload.ts';

// The page's remote and its first screen's API calls start now, while the shell's startup chunks
// download (the remote first: its manifest is the longest chain).
preloadForPath(window.location.pathname);
startFirstScreenCalls(window.location.pathname, sessionRemote() !== null, window.location.search);
// The referral id of ?ref= first: a prerendered landing can be left by a link before React runs.
captureRefId(window.location.search, localStorage, window.location.hash);
// A public page the server sent already drawn stays on screen until mf-public draws it again.
keepPrerenderedMarkup();
// Async boundary: shared singletons are negotiated before any app code runs (Module Federation).
import(/* webpackChunkName: "bootstrap" */ './bootstrap.tsx');
