import { fileURLToPath } from 'node:url';

/** The repository root, found from this file so nothing depends on the working directory (STACK-NOTES trap 3). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));
export const defaultDataDir = fileURLToPath(new URL('../../../data', import.meta.url));
