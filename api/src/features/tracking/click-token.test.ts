import { expect, it } from 'vitest';
import { clickTokenKey, newClickKey, signClick, verifyClick } from './click-token.ts';

const key = clickTokenKey('test-secret-test-secret');

it('signs a click for one taken offer; any other offer, key or change is refused', () => {
  const clickKey = newClickKey();
  const token = signClick(key, clickKey, 7);
  expect(token).toMatch(/^[0-9a-z]{9}[\w-]{16}\.[\w-]{22}$/);
  expect(verifyClick(key, token, 7)).toBe(clickKey);
  expect(verifyClick(key, token, 8)).toBeNull();
  expect(verifyClick(clickTokenKey('another-secret-entirely'), token, 7)).toBeNull();
  const [id, mac] = token.split('.');
  expect(verifyClick(key, `${id}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`, 7)).toBeNull();
  for (const bad of [null, 42, '', '.', 'nodot', `${id}.`, `.${mac}`, `a.${mac}`, `${'x'.repeat(90)}`]) {
    expect(verifyClick(key, bad, 7)).toBeNull();
  }
});

it('click ids grow with time (the unique index appends them) and never repeat', () => {
  const earlier = newClickKey(1_700_000_000_000);
  const later = newClickKey(1_700_000_000_001);
  expect(earlier < later).toBe(true);
  const many = new Set(Array.from({ length: 10_000 }, () => newClickKey(1_700_000_000_000)));
  expect(many.size).toBe(10_000);
});
