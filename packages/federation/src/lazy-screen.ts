import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A screen loaded when its route is first shown: `lazyScreen(() => import('./x.tsx').then(({ X }) => X))`.
 * Each route's screen is then its own chunk, so a page downloads only the antd components it draws
 * (a remote's App importing every screen made the first screen carry all of them). Keep the
 * destructuring form: rspack tree-shakes a dynamic import of a barrel (`@leadmesh/ui`) to the names
 * destructured in `.then`.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => load().then((component) => ({ default: component })));
}
