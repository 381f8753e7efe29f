import { describe, expect, it } from 'vitest';
import { pageForPath } from './page-for-path';

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
    expect(page?.params).toMatchObject(params);
  });

  it.each(['//', '/nope', '/session', '/session/a/b', '/loginx'])('%s → the not-found page', (path) => {
    expect(pageForPath(path)).toBeNull();
  });
});
