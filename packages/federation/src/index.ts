export * from './chunks.ts';
export * from './lazy-screen.ts';
export * from './remotes.ts';
