/**
 * HTTP methods of the documented calls that are not POST (public §7). Kept here, free of zod
 * and drizzle, so the browser's API client needs no contracts at run time; a test checks it
 * against the contracts.
 */
export const NON_POST_CALLS: Readonly<Record<string, 'GET' | 'PUT'>> = {
  '/api/csrf': 'PUT',
  '/auth/logout': 'GET',
};

export function callMethod(path: string): 'GET' | 'POST' | 'PUT' {
  return NON_POST_CALLS[path] ?? 'POST';
}
