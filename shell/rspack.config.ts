import { fileURLToPath } from 'node:url';
import { createShellConfig, modeFrom } from '@leadmesh/federation/rspack';

const root = fileURLToPath(new URL('.', import.meta.url));

export default (_env: unknown, argv?: { mode?: string }) => createShellConfig({ root, mode: modeFrom(argv) });
