// Async boundary: shared singletons are negotiated before any app code runs (Module Federation).
import('./bootstrap.tsx');
