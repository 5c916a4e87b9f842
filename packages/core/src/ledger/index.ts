export * from './accounts.ts';
export * from './check.ts';
export * from './transfers.ts';
