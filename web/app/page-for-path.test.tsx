import { pageForPath } from '@contract/page-for-path';
import { type AppPageName, appPages } from '@contract/pages';
import fc from 'fast-check';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Route, Router, Switch } from 'wouter';

/**
 * contract/page-for-path.ts matches paths with regexparam, before React runs and on the server
 * (decisions 143, 151): it must find the page the router's `Switch` shows.
 */
describe('pageForPath agrees with wouter', () => {
  /**
   * wouter's own answer: the page table as the app's `Switch` holds it, rendered on a router at
   * `path` (its own decoding of the path included); the not-found route last, as in the app.
   */
  function wouterPage(path: string): string {
    return renderToString(
      <Router ssrPath={path}>
        <Switch>
          {(Object.keys(appPages) as AppPageName[]).map((name) => (
            <Route key={name} path={appPages[name].path}>
              {name}
            </Route>
          ))}
          <Route>none</Route>
        </Switch>
      </Router>,
    );
  }

  it("finds the page wouter's Switch shows, for every path (fuzzed)", () => {
    const segment = fc.oneof(
      fc.constantFrom(
        'session',
        'SESSION',
        'login',
        'explore',
        '@ana',
        '@',
        'invite',
        'x',
        '',
        '%20',
        '%',
        '%6C',
        'a.b',
      ),
      // A pathname: `?` and `#` would start the query or the fragment.
      fc.string({ maxLength: 6 }).map((text) => text.replace(/[?#]/g, '')),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 4 }), fc.boolean(), (segments, slash) => {
        const path = `/${segments.join('/')}${slash ? '/' : ''}`;
        expect(pageForPath(path)?.name ?? 'none').toBe(wouterPage(path));
      }),
      { numRuns: 1000 },
    );
  });
});
