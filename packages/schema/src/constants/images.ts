/** Where uploaded images are served: `GET /images/{fileName}` (a machine route, decision 0009). */
export const IMAGE_PATH_PREFIX = '/images/';

const BARE_IMAGE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/**
 * One file name of the images folder as it is: 1-128 characters of `[A-Za-z0-9._-]`, not starting
 * with a dot, without `..`. The same rule as the API's `isSafeBareFileName`.
 */
export function isBareImageName(value: unknown): value is string {
  return typeof value === 'string' && BARE_IMAGE_NAME.test(value) && !value.includes('..');
}

/**
 * The bare file name of an image named by its file name, its path (`/images/x.png`, what older
 * screens kept) or its URL (`http://api/images/x.png`); null when it names nothing safe.
 */
export function bareImageName(value: string): string | null {
  let text = value.trim();
  if (/^https?:\/\//i.test(text)) {
    try {
      text = new URL(text).pathname;
    } catch {
      return null;
    }
  }
  if (text.startsWith(IMAGE_PATH_PREFIX)) text = text.slice(IMAGE_PATH_PREFIX.length);
  return isBareImageName(text) ? text : null;
}
