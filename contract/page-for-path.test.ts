import fs from 'node:fs';
import fc from 'fast-check';
import { parse } from 'regexparam';
import { describe, expect, it } from 'vitest';
import { matchRoute } from 'wouter';
import { pageForPath, pageModuleOf } from './page-for-path';
import { type AppPageName, appPages } from './pages';

describe('pageForPath: the page the router shows, before React runs (decision 143)', () => {
  it.each([
    ['/', 'home', {}],
    ['/login', 'login', {}],
    ['/Explore', 'explore', {}],
    ['/%6Cogin', 'login', {}],
    ['/session/abc', 'session', { id: 'abc' }],
    ['/session/abc/', 'session', { id: 'abc' }],
    ['/session/a%20b', 'session', { id: 'a b' }],
    ['/invite/t0k3n', 'invite', { token: 't0k3n' }],
    ['/@ana', 'publicProfile', { username: 'ana' }],
  ])('%s → %s', (path, name, params) => {
    const page = pageForPath(path);
    expect(page?.name).toBe(name);
    expect(page?.params).toEqual(params);
  });

  it.each(['//', '/nope', '/session', '/session/a/b', '/loginx'])('%s → the not-found page', (path) => {
    expect(pageForPath(path)).toBeNull();
  });

  /** wouter's own answer: the first page of the table its `Switch` matches, as its Route does. */
  function wouterPage(path: string) {
    for (const name of Object.keys(appPages) as AppPageName[]) {
      const [matched, params] = matchRoute(parse, appPages[name].path, path);
      if (matched) return { name, params: params as Record<string, string | undefined> };
    }
    return null;
  }

  it('matches every path as wouter matches it (fuzzed)', () => {
    const segment = fc.oneof(
      fc.constantFrom('session', 'SESSION', 'login', 'explore', '@ana', '@', 'invite', 'x', '', '%20', '%', 'a.b'),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 4 }), fc.boolean(), (segments, slash) => {
        const path = `/${segments.join('/')}${slash ? '/' : ''}`;
        const decoded = (() => {
          try {
            return path.includes('%') ? decodeURI(path) : path;
          } catch {
            return path;
          }
        })();
        const ours = pageForPath(path);
        const theirs = wouterPage(decoded);
        expect(ours?.name ?? null).toBe(theirs?.name ?? null);
        // wouter adds the positional captures too; the named ones are the page's parameters.
        if (ours && theirs) expect(theirs.params).toMatchObject(ours.params);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('pageModuleOf: the file the router imports for a page', () => {
  it('names the module web/app/router.tsx imports for every page', () => {
    const router = fs.readFileSync(new URL('../web/app/router.tsx', import.meta.url), 'utf8');
    for (const name of Object.keys(appPages) as AppPageName[]) {
      expect(router).toContain(`${name}: lazyPart(() => import('./routes/${pageModuleOf(name)}'))`);
    }
    expect(pageModuleOf('publicProfile')).toBe('public-profile');
    expect(pageModuleOf('session')).toBe('session');
  });
});
