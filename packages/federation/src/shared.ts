/**
 * The one `shared` map of the shell and every remote. Everything stateful is a singleton, so the
 * page has one React, one router context, one antd theme, one session store and one API client.
 * antd is tree-shaken at run time (trap 5): shared as a plain singleton it ships all of antd.
 */
export function createSharedConfig() {
  const singleton = { singleton: true, requiredVersion: false } as const;
  return {
    react: singleton,
    'react/': singleton,
    'react-dom': singleton,
    'react-dom/': singleton,
    'react-router-dom': singleton,
    antd: { ...singleton, treeShaking: { mode: 'runtime-infer' as const } },
    zustand: singleton,
    'zustand/': singleton,
    i18next: singleton,
    'react-i18next': singleton,
    '@leadmesh/session': singleton,
    '@leadmesh/ui': singleton,
    '@leadmesh/api-client': singleton,
  };
}
