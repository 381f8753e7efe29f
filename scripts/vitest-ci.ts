/**
 * What every Vitest run does differently in CI (CI_REPORT_DIR set):
 * - it also writes a JSON report, which scripts/ci-summary.mjs adds up into the closing
 *   "N passed, N failed" line, naming every test that failed and every one that passed only on
 *   its retry;
 * - a test that fails gets one retry (decision 146, as decision 131 does for the browser tests).
 *   Locally a failure still fails at once.
 */
export function ciTestOptions(suite: string) {
  const dir = process.env.CI_REPORT_DIR;
  if (!dir) return {};
  const name = `${process.env.CI_REPORT_NAME ?? 'local'}-${suite}`;
  return { reporters: ['default', 'json'], outputFile: { json: `${dir}/${name}.json` }, retry: 1 };
}
