import { common } from './common.ts';
import { landingTexts } from './marketing.ts';

/**
 * English texts of the public remote (the `public` namespace) that its first chunk carries: the
 * landing's and the not-found page's. Every other page adds its own texts with its chunk
 * (`addPublicTexts` in src/i18n.ts), so a visitor on `/` does not download the legal documents.
 */
export const publicEn = { ...common, ...landingTexts };
