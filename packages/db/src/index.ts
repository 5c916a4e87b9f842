export * from './client.ts';
export * from './demo-data.ts';
export * from './migrate.ts';
export * from './passwords.ts';
export * from './paths.ts';
export * from './seed.ts';
