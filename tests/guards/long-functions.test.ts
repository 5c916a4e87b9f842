import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { longFunctions, longFunctionsIn, MAX_FUNCTION_LINES } from './long-functions.ts';

const root = join(import.meta.dirname, '../..');
const body = (lines: number) =>
  Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`).join('\n');
const fn = (lines: number, above = '') => `${above}export function f() {\n${body(lines)}\n}\n`;

describe('the long-function scan', () => {
  it('finds a function over the limit and leaves one at the limit alone', () => {
    expect(longFunctionsIn('a.ts', fn(MAX_FUNCTION_LINES))).toEqual([]);
    const [found] = longFunctionsIn('a.ts', fn(MAX_FUNCTION_LINES + 1));
    expect(found).toMatchObject({ name: 'f', line: 1, lines: MAX_FUNCTION_LINES + 1, explained: false });
  });

  it('takes a "Long because" comment just above the function, or above the statement holding it', () => {
    expect(
      longFunctionsIn('a.ts', fn(90, '// Long because the spec lists its rules in order.\n'))[0].explained,
    ).toBe(true);
    expect(longFunctionsIn('a.ts', fn(90, '/** Does f. */\n'))[0].explained).toBe(false);
    expect(longFunctionsIn('a.ts', fn(90, '// Long because of x.\n\n'))[0].explained).toBe(false);
    const arrow = `/**\n * Long because one tree.\n */\nexport const g = () => {\n${body(90)}\n};\n`;
    expect(longFunctionsIn('a.tsx', arrow)[0]).toMatchObject({ name: 'g', explained: true });
  });
});

describe('production functions', () => {
  it(`run at most ${MAX_FUNCTION_LINES} lines, or say why just above them (the allowed list only shrinks)`, () => {
    const allowed = new Set(
      readFileSync(join(import.meta.dirname, 'long-functions.allowed.txt'), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '' && !line.startsWith('#')),
    );
    const unexplained = longFunctions(root).filter((f) => !f.explained);
    const keys = new Set(unexplained.map((f) => `${f.file} ${f.name}`));
    const newlyLong = unexplained
      .filter((f) => !allowed.has(`${f.file} ${f.name}`))
      .map((f) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`);
    expect(newlyLong, 'split these or put a "Long because …" comment just above them').toEqual([]);
    const stale = [...allowed].filter((key) => !keys.has(key));
    expect(stale, 'no longer long: remove these lines from long-functions.allowed.txt').toEqual([]);
  });
});
