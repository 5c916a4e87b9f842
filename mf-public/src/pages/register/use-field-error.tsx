import { DELAYS } from '@leadmesh/schema/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldError } from './validation.ts';

/**
 * One error at a time for the sign-up forms: the field gets a red border and its message for
 * 3 seconds, then both clear (public §2, Sign-up).
 */
export function useFieldError(durationMs: number = DELAYS.signUpErrorDisplayMs) {
  const [error, setError] = useState<FieldError | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const show = useCallback(
    (next: FieldError) => {
      if (timer.current) clearTimeout(timer.current);
      setError(next);
      timer.current = setTimeout(() => setError(null), durationMs);
    },
    [durationMs],
  );
  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    setError(null);
  }, []);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  /** Props for a Form.Item: red border and message while the error is on this field. */
  const itemProps = (field: string) =>
    error?.field === field
      ? {
          validateStatus: 'error' as const,
          help: <span data-testid={`error-${field}`}>{error.message}</span>,
        }
      : {};

  return { error, show, clear, itemProps };
}
