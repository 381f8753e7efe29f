import type { BrowserContext, Page } from '@playwright/test';
import { appPages, fixedPages } from '../contract/pages';
import { expect, test } from './fixtures';
import { createShroViaApi, textOptions, uniqueName } from './support/api';

/**
 * Issue 10, item 14: zod v4 compiles object parsers with `new Function` and probes for it with
 * one, which the CSP (`script-src 'self'`, no `'unsafe-eval'`) refuses and reports on most
 * pages. The web app sets zod to jitless before any schema exists; no page may report a
 * violation, so a CSP report endpoint stays quiet.
 */
interface Violation {
  directive: string;
  blocked: string;
  source: string;
  page: string;
}

/** Makes the context's pages record every CSP violation event and CSP console error. */
async function watch(context: BrowserContext): Promise<Violation[]> {
  const violations: Violation[] = [];
  await context.exposeBinding('__reportCspViolation', ({ page }, v: Omit<Violation, 'page'>) => {
    violations.push({ ...v, page: page.url() });
  });
  // Runs before the page's own scripts, in every document and frame.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation: (v: unknown) => void }).__reportCspViolation({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      violations.push({ directive: 'console', blocked: message.text(), source: '', page: message.page()?.url() ?? '' });
    }
  });
  return violations;
}

/** Opens a page and waits until its route has rendered (its code, schemas included, has run). */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('heading').first().waitFor();
}

/** Visited through their forms below. */
const formPages = new Set<string>([appPages.login.path, appPages.register.path]);

test.describe('Content-Security-Policy in the browser', { tag: '@desktop-only' }, () => {
  test('no page reports a violation, for visitors and signed-in users, forms included', async ({ context }) => {
    const violations = await watch(context);
    const page = await context.newPage();

    // Visitors: every page of the page table without a parameter (the forms are filled below,
    // validation runs zod in the page), a protected one (Login Required) and the not-found page.
    const fixed = [...fixedPages.entries()];
    const visitorPaths = fixed.flatMap(([path, p]) => (p.protected || formPages.has(path) ? [] : [path]));
    for (const path of [...visitorPaths, appPages.explore.path, '/no/such/page']) await visit(page, path);
    await visit(page, '/register');
    await page.getByLabel('Username').fill('ab');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
    const username = uniqueName('csp');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password').fill('secret123');
    await page.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading').first().waitFor();

    // Signed in: every main page, a Shro and the user's own public profile.
    const shro = await createShroViaApi(context, {
      title: 'CSP check',
      type: 'text',
      isPublic: true,
      textOptions: JSON.stringify(textOptions('A', 'B', 'C', 'D')),
    });
    const signedInPaths = fixed.flatMap(([path, p]) => (p.protected ? [path] : []));
    for (const path of [appPages.home.path, ...signedInPaths, `/session/${shro.id}`, `/@${username}`]) {
      await visit(page, path);
    }

    // Sign in through the form too (login schema, parse on submit).
    await context.clearCookies();
    await visit(page, '/login');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading').first().waitFor();

    expect(violations).toEqual([]);
  });

  test('the watcher sees a violation when one happens', async ({ context }) => {
    // Proves the check above can fail: an inline script is refused and reported.
    const violations = await watch(context);
    const page = await context.newPage();
    await visit(page, '/privacy');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inline = 1';
      document.body.append(script);
    });
    // Both the event and the console error are seen.
    await expect.poll(() => violations.some((v) => v.directive.startsWith('script-src'))).toBe(true);
    expect(violations.some((v) => v.directive === 'console')).toBe(true);
  });
});
