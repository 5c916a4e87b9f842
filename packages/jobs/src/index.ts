export * from './after-commit.ts';
export * from './define.ts';
export * from './jobs.ts';
export * from './lanes.ts';
export * from './producer.ts';
