import { Button, Typography } from 'antd';
import { useEffect, useRef } from 'react';

/** A file's size as people read it: bytes, KB or MB with one decimal. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Picks one file with the kit's button instead of the browser's own "Choose File" control, which
 * ignores the theme. The native input stays (hidden) under `testId`, so keyboard, drag-free tests
 * and `setInputFiles` work on it; the chosen file shows by name and size.
 */
export function FilePicker({
  testId,
  accept,
  file,
  onChange,
  chooseLabel = 'Choose file…',
}: {
  testId: string;
  accept?: string;
  file: File | null;
  onChange(file: File | null): void;
  chooseLabel?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  // Cleared by the form (Keep the current image, a reset): the same file can be chosen again.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);
  return (
    <span
      style={{ display: 'inline-flex', alignItems: 'center', gap: 8, flexWrap: 'wrap', maxWidth: '100%' }}
    >
      <input
        ref={input}
        data-testid={testId}
        type="file"
        accept={accept}
        hidden
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
      <Button data-testid={`${testId}-choose`} onClick={() => input.current?.click()}>
        {file ? 'Choose another file…' : chooseLabel}
      </Button>
      <Typography.Text
        data-testid={`${testId}-name`}
        type={file ? undefined : 'secondary'}
        ellipsis={{ tooltip: file?.name }}
        style={{ maxWidth: 260 }}
      >
        {file ? `${file.name} (${fileSize(file.size)})` : 'No file chosen'}
      </Typography.Text>
    </span>
  );
}
