export * from './queue.ts';
export * from './secret-box.ts';
export * from './signing-secrets.ts';
