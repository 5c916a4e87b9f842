import { describe, expect, it } from 'vitest';
import { readableDump } from './logs.tsx';

describe('readableDump', () => {
  it('indents JSON and shows the line breaks of its strings as lines', () => {
    const dump = JSON.stringify({ error: 'boom', stack: 'Error: boom\n    at run (a.ts:1:1)' });
    expect(readableDump(dump)).toBe(
      '{\n  "error": "boom",\n  "stack": "Error: boom\n    at run (a.ts:1:1)"\n}',
    );
  });

  it('keeps an escaped backslash before an n as written, and text that is not JSON as it is', () => {
    expect(readableDump(JSON.stringify({ path: 'C:\\new' }))).toBe('{\n  "path": "C:\\\\new"\n}');
    expect(readableDump('plain text\\n')).toBe('plain text\\n');
  });
});
