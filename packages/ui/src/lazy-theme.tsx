import { lazy, type ReactNode, Suspense } from 'react';

const AppThemeChunk = lazy(() => import('./theme.tsx').then((module) => ({ default: module.AppTheme })));

/**
 * `AppTheme` (antd's ConfigProvider with the product's theme, and the toasts) as a chunk of its
 * own, so a remote's App imports no antd: the dashboard, drawn outside it, shows its KPI tiles
 * before antd has loaded (decision 0064). `fallback` shows until it has.
 *
 * @example
 * <Route element={<LazyAppTheme dark={dark} fallback={<ScreenLoading />}><Outlet /></LazyAppTheme>}>…</Route>
 */
export function LazyAppTheme({
  dark,
  fallback,
  children,
}: {
  dark: boolean;
  fallback: ReactNode;
  children: ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <AppThemeChunk dark={dark}>{children}</AppThemeChunk>
    </Suspense>
  );
}
