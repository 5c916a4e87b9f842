import { AppTheme } from '@leadmesh/ui';
import type { ComponentType } from 'react';

/**
 * A page drawn with antd, inside the product's (light) antd theme. Only the pages that use antd
 * load this, so the marketing pages (plain markup) never download antd.
 */
export function withLightTheme(Page: ComponentType): ComponentType {
  return function LightThemed() {
    return (
      <AppTheme dark={false}>
        <Page />
      </AppTheme>
    );
  };
}
