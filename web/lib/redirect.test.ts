import { describe, expect, it } from 'vitest';
import { redirectParam, safeRedirectTarget } from './redirect';

const origin = 'https://shro.test';

/** Values that must never leave the app: browsers strip tab/CR/LF and read `\` as `/` in URLs. */
const foreign = [
  '/\t/evil.example/',
  '/\n/evil.example/',
  '/\r/evil.example/',
  '/\t\\evil.example/',
  '\t//evil.example/',
  ' //evil.example/',
  'https://evil.example',
  'HTTPS://evil.example/x',
  'http:evil.example',
  '//evil.example',
  '\\\\evil.example',
  '/\\evil.example',
  '/.//evil.example',
  '/x/..//evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  '\tjavascript:alert(1)',
  'data:text/html,x',
  'https://shro.test.evil.example/',
  'https://shro.test@evil.example/',
  'http://shro.test/',
];

describe('safeRedirectTarget', () => {
  it.each(foreign)('sends %j home', (raw) => {
    expect(safeRedirectTarget(raw, origin)).toBe('/');
  });

  it.each([
    ['/explore?x=1#h', '/explore?x=1#h'],
    ['/@ada', '/@ada'],
    ['/session/abc?tab=2', '/session/abc?tab=2'],
    ['https://shro.test/history#top', '/history#top'],
    // Percent-encoded separators stay inside the path: still this site.
    ['/%09/evil.example/', '/%09/evil.example/'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('keeps the same-site %j as %j', (raw, expected) => {
    expect(safeRedirectTarget(raw, origin)).toBe(expected);
  });

  it('sends empty and missing values home', () => {
    expect(safeRedirectTarget('', origin)).toBe('/');
    expect(safeRedirectTarget(null, origin)).toBe('/');
    expect(safeRedirectTarget(undefined, origin)).toBe('/');
  });

  it('every result resolves to the app origin again', () => {
    for (const raw of [...foreign, '/explore?x=1#h', '/%09/evil.example/']) {
      expect(new URL(safeRedirectTarget(raw, origin), origin).origin).toBe(origin);
    }
  });
});

describe('redirectParam', () => {
  it.each([
    ['?redirect=/%09/evil.example/', '/'],
    ['?redirect=/%0A/evil.example/', '/'],
    ['?redirect=/%0D/evil.example/', '/'],
    ['?redirect=/%09%5Cevil.example/', '/'],
    ['?redirect=%2F%2Fevil.example', '/'],
    ['?redirect=javascript%3Aalert(1)', '/'],
    ['?redirect=%2Fexplore%3Fx%3D1%23h', '/explore?x=1#h'],
  ])('reads %j as %j', (search, expected) => {
    expect(redirectParam(search, origin)).toBe(expected);
  });
});
