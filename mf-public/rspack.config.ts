import { fileURLToPath } from 'node:url';
import { createRemoteConfig, modeFrom } from '@leadmesh/federation/rspack';
import { exposes } from './src/exposes.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default (_env: unknown, argv?: { mode?: string }) =>
  createRemoteConfig({ root, mode: modeFrom(argv), name: 'mf_public', exposes });
