import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
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
