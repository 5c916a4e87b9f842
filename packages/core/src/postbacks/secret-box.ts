/**
 * The postback signing secrets' box is the platform's secret box (packages/core/src/secrets.ts):
 * the same sealed format, key derivation and key material, so values sealed by either open.
 */
export {
  createSecretBox,
  MissingDataKey,
  type SecretBox,
  type SecretKeyEnv as SecretBoxEnv,
  secretBoxFromEnv,
} from '../secrets.ts';
