import { setupNamespace } from '@leadmesh/federation/i18n';
import i18n from 'i18next';
import { publicEn } from './locales/en/index.ts';

export { publicEn };

/** Adds the `public` namespace to the shared i18next (initialising it when the remote runs alone). */
export function setupI18n(): void {
  setupNamespace('public', publicEn);
}

/**
 * Adds a page's own texts to the `public` namespace; called by the page's module, so the texts
 * arrive with the page's chunk (issue 19: the landing's first load stays small).
 */
export function addPublicTexts(texts: Record<string, unknown>): void {
  setupI18n();
  i18n.addResourceBundle('en', 'public', texts, true, true);
}
