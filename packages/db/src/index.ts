export * from './client.ts';
export * from './migrate.ts';
export * from './passwords.ts';
export * from './paths.ts';
export * from './prepared-once.ts';
export * from './row-insert.ts';
