// Async boundary for the shared singletons (trap 8: dynamic imports keep their extension).
import('./bootstrap.tsx');
