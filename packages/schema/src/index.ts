export * from './constants/index.ts';
export * from './contracts/index.ts';
