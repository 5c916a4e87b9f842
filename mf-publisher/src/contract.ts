import type { RemoteModules } from '@leadmesh/federation';
import * as App from './App.tsx';

/** Fails `tsc` when ./App no longer matches what the shell loads (`RemoteModules`). */
export const contract = App satisfies RemoteModules['mf_publisher/App'];
