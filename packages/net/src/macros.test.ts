import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutboundRefused } from './errors.ts';
import { fillUrlTemplate, listPlaceholders, templateOrigin } from './macros.ts';

function refusal(fn: () => unknown): OutboundRefused {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(OutboundRefused);
    return err as OutboundRefused;
  }
  throw new Error('expected a refusal');
}

describe('fillUrlTemplate', () => {
  it('fills macros with encoded values', () => {
    const url = fillUrlTemplate(
      'https://tracker.example/pb?click={clickid}&payout={payout}&ok={ok}&phone={leadmesh-phone}&s={sub_id.2}',
      { clickid: 'a&b=c d/é', payout: 12.5, ok: true, 'leadmesh-phone': '+33 6 12', 'sub_id.2': 'x' },
    );
    expect(url).toBe(
      'https://tracker.example/pb?click=a%26b%3Dc%20d%2F%C3%A9&payout=12.5&ok=true&phone=%2B33%206%2012&s=x',
    );
  });

  it('gives an empty string for null, undefined and non-finite numbers', () => {
    expect(
      fillUrlTemplate('https://t.example/?a={a}&b={b}&c={c}', { a: null, b: undefined, c: Number.NaN }),
    ).toBe('https://t.example/?a=&b=&c=');
  });

  it('leaves unknown macros as written, and inherited names are unknown', () => {
    expect(fillUrlTemplate('https://t.example/?a={a}&x={clikid}&p={constructor}', { a: '1' })).toBe(
      'https://t.example/?a=1&x={clikid}&p={constructor}',
    );
  });

  it('fills macros in the path, encoded, and leaves other braces alone', () => {
    expect(fillUrlTemplate('https://t.example/c/{id}/done?{not a macro}', { id: 'a/b?c#d' })).toBe(
      'https://t.example/c/a%2Fb%3Fc%23d/done?{not%20a%20macro}',
    );
  });

  it('replaces a lone surrogate instead of throwing', () => {
    expect(fillUrlTemplate('https://t.example/?v={v}', { v: 'a\uD800b' })).toBe(
      'https://t.example/?v=a%EF%BF%BDb',
    );
  });

  it.each([
    ['@evil.example/', 'https://t.example/?u=%40evil.example%2F'],
    ['//evil.example', 'https://t.example/?u=%2F%2Fevil.example'],
    ['http://evil.example/', 'https://t.example/?u=http%3A%2F%2Fevil.example%2F'],
    ['\\\\evil.example', 'https://t.example/?u=%5C%5Cevil.example'],
    ['x#@evil.example', 'https://t.example/?u=x%23%40evil.example'],
    ['\r\nHost: evil.example', 'https://t.example/?u=%0D%0AHost%3A%20evil.example'],
  ])('a value cannot move the request elsewhere: %j', (value, expected) => {
    const filled = fillUrlTemplate('https://t.example/?u={u}', { u: value });
    expect(filled).toBe(expected);
    expect(new URL(filled).origin).toBe('https://t.example');
  });

  it('keeps the origin for any value in any position (property)', () => {
    const templates = [
      'https://t.example/{a}',
      'https://t.example/x/{a}/{b}?q={a}',
      'http://t.example:8080/?{a}={b}#{a}',
      'https://t.example{a}?',
    ].filter((t) => {
      try {
        templateOrigin(t);
        return true;
      } catch {
        return false;
      }
    });
    fc.assert(
      fc.property(fc.constantFrom(...templates), fc.string(), fc.string(), (template, a, b) => {
        const filled = fillUrlTemplate(template, { a, b });
        expect(new URL(filled).origin).toBe(templateOrigin(template));
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    'https://{host}/pb',
    'https://{sub}.t.example/pb',
    'https://t.{tld}/pb',
    'https://t.example{path}',
    'https://t.example:{port}/pb',
    '{scheme}://t.example/pb',
    'http{s}://t.example/pb',
  ])('refuses macros in the origin: %s', (template) => {
    expect(refusal(() => fillUrlTemplate(template, {})).code).toBe('URL_INVALID');
  });

  it.each(['not a url', '/relative/{x}', 'ftp://t.example/{x}', 'javascript:alert({x})'])(
    'refuses a template that is not an http(s) URL: %s',
    (template) => {
      expect(refusal(() => fillUrlTemplate(template, { x: '1' })).code).toBe('URL_INVALID');
    },
  );
});

describe('listPlaceholders', () => {
  it('lists each name once in order', () => {
    expect(listPlaceholders('https://t.example/{b}?a={a}&b={b}&c={leadmesh-phone}&{-x}&{ y}')).toEqual([
      'b',
      'a',
      'leadmesh-phone',
    ]);
  });
});

describe('templateOrigin', () => {
  it('is the origin with macros left out of it', () => {
    expect(templateOrigin('HTTPS://T.Example:443/pb?x={x}')).toBe('https://t.example');
    expect(templateOrigin('http://t.example:8080/{x}')).toBe('http://t.example:8080');
  });
});
