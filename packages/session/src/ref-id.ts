import { REF_ID_STORAGE_KEY } from '@leadmesh/schema/constants';

/**
 * Keeps the referral id of `?ref=` in local storage under `{product}RefID` (public §3). The link the
 * referral overview hands out has the spec's form `{host}/#/?ref={code}` (dashboards §2), so the
 * query inside the hash (`#/?ref=`) counts too. Its own module (`@leadmesh/session/ref-id`) so the
 * shell's entry script can keep it before anything else runs: a prerendered landing can be left
 * by a plain link before React started (decision 0061).
 */
export function captureRefId(search: string, storage: Storage = localStorage, hash = ''): string | null {
  const inHash = hash.includes('?') ? hash.slice(hash.indexOf('?')) : '';
  const ref = new URLSearchParams(search).get('ref') ?? new URLSearchParams(inHash).get('ref');
  if (ref) storage.setItem(REF_ID_STORAGE_KEY, ref);
  return storage.getItem(REF_ID_STORAGE_KEY);
}
