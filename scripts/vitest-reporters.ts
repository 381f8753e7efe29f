/**
 * In CI (CI_REPORT_DIR set) every Vitest run also writes a JSON report, which
 * scripts/ci-summary.mjs adds up into the closing "N passed, N failed" line.
 */
export function ciReporters(suite: string) {
  const dir = process.env.CI_REPORT_DIR;
  if (!dir) return {};
  const name = `${process.env.CI_REPORT_NAME ?? 'local'}-${suite}`;
  return { reporters: ['default', 'json'], outputFile: { json: `${dir}/${name}.json` } };
}
