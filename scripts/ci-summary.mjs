// Adds up the JSON reports of every test run in CI (Vitest's, and Playwright Test's for the e2e
// suite, decision 096) and prints the closing line.
import fs from 'node:fs';
import path from 'node:path';

/** Passed, failed and skipped counts of one report, whichever runner wrote it. */
function counts(report) {
  if (report.stats && Array.isArray(report.suites)) {
    // Playwright Test: `flaky` passed on a retry; each top-level error (a web server that never
    // started, a spec that does not load) is a failure no test accounts for.
    const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
    return { passed: expected + flaky, failed: unexpected + (report.errors?.length ?? 0), skipped };
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** The tests Playwright reports as flaky (failed, then passed on their retry; decision 131). */
function flakyTests(report) {
  if (!(report.stats && Array.isArray(report.suites))) return [];
  const found = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'flaky') found.push(`${spec.file}:${spec.line} ${spec.title} [${test.projectName}]`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  return found;
}

const dir = process.argv[2];
const flaky = [];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const json = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const report = counts(json);
  flaky.push(...flakyTests(json));
  passed += report.passed;
  failed += report.failed;
  skipped += report.skipped;
  console.log(`${file}: ${report.passed} passed, ${report.failed} failed`);
}
if (flaky.length > 0) {
  console.log(`flaky (passed on retry; decision 131): ${flaky.length}`);
  for (const name of flaky) console.log(`  ${name}`);
}
if (passed + failed === 0) {
  console.log('0 passed, 1 failed');
  console.error('no test ran');
  process.exit(1);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
