import { useEffect, useRef, useState } from 'react';

export interface DebouncedQueryState<T> {
  data: T | null;
  loading: boolean;
  error: boolean;
  /** Run the current query again now (Retry). */
  retry(): void;
}

/**
 * Runs `run(key)` `delayMs` after the key last changed (the lead report waits 1 s, public §4), and
 * keeps only the answer of the latest key: an answer that comes back after the key changed again is
 * dropped, however late. `run` answers null for a failure.
 */
export function useDebouncedQuery<T>(
  key: string,
  run: (key: string) => Promise<T | null>,
  delayMs: number,
): DebouncedQueryState<T> {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  const runRef = useRef(run);
  runRef.current = run;

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the same key on Retry
  useEffect(() => {
    const ticket = ++latest.current;
    setLoading(true);
    const timer = setTimeout(() => {
      void runRef.current(key).then(
        (answer) => {
          if (ticket !== latest.current) return; // a newer key was asked for: stale
          setLoading(false);
          setError(answer === null);
          if (answer !== null) setData(answer);
        },
        () => {
          if (ticket !== latest.current) return;
          setLoading(false);
          setError(true);
        },
      );
    }, delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs, attempt]);

  return { data, loading, error, retry: () => setAttempt((n) => n + 1) };
}
