/** Why an upload was refused; stable codes the API can map to its envelope and the UI to its messages. */
export type UploadRefusalCode =
  | 'TOO_LARGE'
  | 'NOT_AN_IMAGE'
  | 'TYPE_NOT_ALLOWED'
  | 'ZIP_INVALID'
  | 'ZIP_ENCRYPTED'
  | 'ZIP_UNSAFE_PATH'
  | 'ZIP_LINK'
  | 'ZIP_NOT_REGULAR'
  | 'ZIP_TOO_MANY_FILES'
  | 'ZIP_TOO_LARGE'
  | 'ZIP_BOMB'
  | 'ENTRY_FILE_MISSING';

/**
 * An upload the platform will not take: a machine `code`, a human `message` fit to show the admin,
 * and, when the refusal is about one form field, that field's name (e.g. `EntryFile`).
 *
 * @example
 * ```ts
 * try { await inspectImage(bytes); }
 * catch (err) { if (err instanceof UploadRefused) return validationError('image', err.message); throw err; }
 * ```
 */
export class UploadRefused<C extends UploadRefusalCode = UploadRefusalCode> extends Error {
  override readonly name = 'UploadRefused';
  readonly code: C;
  readonly field?: string;

  constructor(code: C, message: string, options?: { field?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.field = options?.field;
  }
}

/** True when `err` is an {@link UploadRefused}, optionally with the given code. */
export function isUploadRefused<C extends UploadRefusalCode>(
  err: unknown,
  code?: C,
): err is UploadRefused<C> {
  return err instanceof UploadRefused && (code === undefined || err.code === code);
}
