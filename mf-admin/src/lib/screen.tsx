/** The text of an error answer: the server's message and reasons, else the catalogue's (kit `refusalText`). */
export { refusalText as errorText } from '@leadmesh/ui';
export { api, listLoader, useFlags, useUrlFilters, useUserId } from './screen-data.ts';
export { Screen } from './screen-frame.tsx';

/** `''` → null (A §5: empty text fields are sent as null). */
export function textOrNull(value: string | null | undefined): string | null {
  const t = (value ?? '').trim();
  return t === '' ? null : t;
}

/** Saves text as a file download (payout CSVs). */
export function saveText(text: string, fileName: string, type = 'text/csv') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
