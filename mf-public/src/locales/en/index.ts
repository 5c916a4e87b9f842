import { account } from './account.ts';
import { common } from './common.ts';
import { legal } from './legal.ts';
import { marketing } from './marketing.ts';

/** English texts of the public remote (the `public` namespace). */
export const publicEn = { ...common, ...marketing, ...legal, ...account };
