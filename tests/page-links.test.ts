import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageForPath } from '../contract/page-for-path';
import { type AppPageName, appPages, pageHref } from '../contract/pages';

/**
 * The page table (contract/pages.ts) is the one owner of a page's path (decision 093): links are made
 * with `pageHref`, and no other source file writes a page's path out as a string.
 */
const root = new URL('..', import.meta.url).pathname;

/** The first segment of every page's path, `@` for the public profile, read off the table itself. */
const firstSegments = Object.values(appPages).flatMap(({ path }) => {
  const source = typeof path === 'string' ? path : path.source.replace(/^\^\\\//, '/');
  const segment = /^\/([^/:\\(]+)/.exec(source)?.[1];
  return segment ? [segment] : [];
});

/** A quoted or template string starting with a page's path: `'/create'`, `` `/session/${id}` ``, `"/friends?tab=find"`. */
const pathLiteral = new RegExp(
  `["'\`]/(?:@|(?:${firstSegments.filter((segment) => segment !== '@').join('|')})(?=["'\`?/#$]|\\$\\{))`,
);

/** The files that own a path: the table and the one function that links to it. */
const owners = new Set(['contract/pages.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('links to app pages (decision 093)', () => {
  it('the scan knows every page of the table', () => {
    expect(firstSegments).toEqual(expect.arrayContaining(['login', 'session', 'invite', '@', 'chat']));
    expect(pathLiteral.test("href={'/friends?tab=find'}")).toBe(true);
    const placeholder = '$' + '{value}';
    expect(pathLiteral.test(`\`/session/${placeholder}\``)).toBe(true);
    expect(pathLiteral.test(`\`/@${placeholder}\``)).toBe(true);
    expect(pathLiteral.test("'/api/sessions'")).toBe(false);
  });

  it('no source file outside the page table writes out a page path', () => {
    const found = ['web', 'server', 'contract'].flatMap((dir) =>
      sourceFiles(dir)
        .filter((file) => !owners.has(relative(root, join(root, file))))
        .flatMap((file) =>
          readFileSync(join(root, file), 'utf8')
            .split('\n')
            .flatMap((line, index) => {
              const code = line.trim();
              const comment = code.startsWith('*') || code.startsWith('//') || code.startsWith('/*');
              return !comment && pathLiteral.test(line) ? [`${file}:${index + 1}: ${code}`] : [];
            }),
        ),
    );
    expect(found, 'use pageHref or appPages from contract/pages.ts').toEqual([]);
  });

  it('pageHref links every page to the page the router shows for it', () => {
    const params: Record<string, Record<string, string>> = {
      session: { id: 'a1b2' },
      invite: { token: 'tok-3' },
      publicProfile: { username: 'ana.b' },
    };
    for (const name of Object.keys(appPages) as AppPageName[]) {
      const href = (pageHref as (page: AppPageName, link?: object) => string)(name, params[name]);
      expect(pageForPath(href), href).toEqual({ name, params: params[name] ?? {} });
    }
  });

  it('pageHref encodes parameters and query values, and leaves out what is undefined', () => {
    expect(pageHref('session', { id: 'a b/c', query: { view: 'result' } })).toBe('/session/a%20b%2Fc?view=result');
    expect(pageHref('login', { query: { redirect: '/session/x?invite=t', other: undefined } })).toBe(
      '/login?redirect=%2Fsession%2Fx%3Finvite%3Dt',
    );
    expect(pageHref('settings', { hash: 'security' })).toBe('/settings#security');
    expect(pageHref('publicProfile', { username: 'ana' })).toBe('/@ana');
    expect(pageHref('home')).toBe('/');
  });
});
