import { useStore } from 'zustand';
import { createSessionStore, type SessionState } from './store.ts';

export * from './access.ts';
export * from './routes.ts';
export * from './store.ts';

/** The one session store of the page, shared by the shell and every remote. */
export const sessionStore = createSessionStore();

/**
 * Reads the shared session store in a component.
 *
 * @example
 * const isLoggedIn = useSessionStore((s) => s.isLoggedIn);
 */
export function useSessionStore<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
