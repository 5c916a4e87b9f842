import { setupNamespace } from '@leadmesh/federation/i18n';
import { publicEn } from './locales/en/index.ts';

export { publicEn };

/** Adds the `public` namespace to the shared i18next (initialising it when the remote runs alone). */
export function setupI18n(): void {
  setupNamespace('public', publicEn);
}
