import { expect, test } from './fixtures';

/**
 * Issue 15, item 2: the API reference page (/api/docs, Swagger UI served from our own origin)
 * renders under the app's Content-Security-Policy without a single violation
 * (docs/decisions/089-openapi-document.md).
 */
test('the API reference renders under the CSP and lists the routes', { tag: '@desktop-only' }, async ({
  openContext,
}) => {
  const context = await openContext();
  const violations: string[] = [];
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
    violations.push(text);
  });
  // Runs before the page's own scripts.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation(
        `${event.effectiveDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });

  const page = await context.newPage();
  const answer = await page.goto('/api/docs');
  expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: /Shro API/ })).toBeVisible();
  // The operations come from /api/openapi.json: a protected one shows its lock, an open one does not.
  const history = page.locator('#operations-shros-getSessions');
  await expect(history).toBeVisible();
  await expect(history.getByRole('button', { name: /authorization/i })).toBeVisible();
  await history.locator('.opblock-summary').first().click();
  await expect(history.getByText('Not signed in, or the auth session has ended')).toBeVisible();
  await expect(page.locator('#operations-platform-getPlatformStats')).toBeVisible();
  expect(violations).toEqual([]);
});
