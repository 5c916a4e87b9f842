export * from './define.ts';
export * from './jobs.ts';
export * from './producer.ts';
