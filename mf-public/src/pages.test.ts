import { routesOf } from '@leadmesh/session';
import { expect, it } from 'vitest';
import { PAGES } from './pages.ts';

it('draws exactly the public routes of the route table', () => {
  expect(Object.keys(PAGES).sort()).toEqual(
    routesOf('mf_public')
      .map((r) => r.path)
      .sort(),
  );
});
