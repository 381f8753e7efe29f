// Adds up the JSON reports of every test run in CI (Vitest's, and Playwright Test's for the e2e
// suite, decision 096) and prints the closing line.
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** The first line of an error's text that says something, without terminal colours. */
function firstLine(text) {
  return (
    stripVTControlCharacters(String(text ?? ''))
      .split('\n')
      .find((line) => line.trim() !== '') ?? ''
  );
}

/** Playwright Test writes `stats` and `suites`; Vitest writes `testResults`. */
const isPlaywright = (report) => Boolean(report.stats && Array.isArray(report.suites));

/** Playwright: every test of every spec, however deep its suites, named as the summary names it. */
function* playwrightTests(report) {
  const walk = function* (suite) {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        yield { test, name: `${spec.file}:${spec.line} ${spec.title} [${test.projectName}]` };
    for (const child of suite.suites ?? []) yield* walk(child);
  };
  for (const suite of report.suites) yield* walk(suite);
}

/** Vitest: every test of every file, named as the summary names it. */
function* vitestTests(report) {
  for (const file of report.testResults ?? [])
    for (const test of file.assertionResults ?? [])
      yield { test, name: `${path.relative(process.cwd(), file.name ?? '')} > ${test.fullName}` };
}

/**
 * Vitest: files that failed with no failed test of their own to show for it (the file did not
 * load, or a hook threw: its tests are then reported skipped).
 */
const filesFailedWithoutTest = (report) =>
  (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
  );

/** Passed, failed and skipped counts of one report, whichever runner wrote it. */
function counts(report) {
  if (isPlaywright(report)) {
    // Playwright Test: `flaky` passed on a retry; each top-level error (a web server that never
    // started, a spec that does not load) is a failure no test accounts for.
    const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
    return { passed: expected + flaky, failed: unexpected + (report.errors?.length ?? 0), skipped };
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + filesFailedWithoutTest(report).length,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/**
 * The tests that failed, then passed on their retry (decisions 131 and 146): Playwright reports
 * them as `flaky`; Vitest as passed, keeping the failed try's error.
 */
function flakyTests(report) {
  if (isPlaywright(report))
    return [...playwrightTests(report)].filter(({ test }) => test.status === 'flaky').map(({ name }) => name);
  return [...vitestTests(report)]
    .filter(({ test }) => test.status === 'passed' && (test.failureMessages?.length ?? 0) > 0)
    .map(({ test, name }) => `${name}: ${firstLine(test.failureMessages[0])}`);
}

/** The tests that failed, with the first line of their first error, whichever runner wrote it. */
function failedTests(report) {
  if (isPlaywright(report))
    return [
      ...[...playwrightTests(report)]
        .filter(({ test }) => test.status === 'unexpected')
        .map(({ test, name }) => `${name}: ${firstLine(test.results?.find((r) => r.error)?.error?.message)}`),
      ...(report.errors ?? []).map((error) => `(no test): ${firstLine(error.message)}`),
    ];
  return [
    ...[...vitestTests(report)]
      .filter(({ test }) => test.status === 'failed')
      .map(({ test, name }) => `${name}: ${firstLine(test.failureMessages?.[0])}`),
    // (Unhandled errors outside any test are in the log only: Vitest's JSON report has no place for them.)
    ...filesFailedWithoutTest(report).map(
      (file) =>
        `${path.relative(process.cwd(), file.name ?? '')}: ${firstLine(file.message) || 'the file or one of its hooks failed; see the log above'}`,
    ),
  ];
}

const dir = process.argv[2];
const flaky = [];
const failures = [];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const json = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const report = counts(json);
  flaky.push(...flakyTests(json).map((name) => `${file}: ${name}`));
  failures.push(...failedTests(json).map((name) => `${file}: ${name}`));
  passed += report.passed;
  failed += report.failed;
  skipped += report.skipped;
  console.log(`${file}: ${report.passed} passed, ${report.failed} failed`);
}
if (flaky.length > 0) {
  console.log(`flaky (passed on retry; decisions 131 and 146): ${flaky.length}`);
  for (const name of flaky) console.log(`  ${name.slice(0, 400)}`);
}
if (failures.length > 0) {
  console.log(`failed: ${failures.length}`);
  for (const name of failures) console.log(`  ${name.slice(0, 400)}`);
}
if (passed + failed === 0) {
  console.log('0 passed, 1 failed');
  console.error('no test ran');
  process.exit(1);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
