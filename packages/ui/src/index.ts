export * from './ComingSoon.tsx';
