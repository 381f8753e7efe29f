// Prints the figures the security suite and the fault drills left in test-results/security-figures/.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? 'test-results/security-figures';
const read = (name) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8'));
  } catch {
    return null;
  }
};
const lines = [];
const fuzz = read('fuzz');
if (fuzz)
  lines.push(
    `fuzz: ${fuzz.inputs} inputs across ${fuzz.routes} routes (${fuzz.runsPerRoute} per route; ${JSON.stringify(fuzz.statuses)}) on ${fuzz.database}`,
  );
const matrix = read('matrix');
if (matrix)
  lines.push(
    `authorization matrix: ${matrix.routes} routes × ${matrix.roles ?? 4} roles, ${matrix.cells} calls in ${matrix.scenarios} scenarios${matrix.knownBugs ? ` (${matrix.knownBugs} known bug${matrix.knownBugs === 1 ? '' : 's'} run as it.fails)` : ''}`,
  );
const csrf = read('csrf');
if (csrf)
  lines.push(`csrf: ${csrf.refused} cross-site or form-typed writes refused across ${csrf.writeRoutes} write routes`);
const limits = read('writeLimits');
if (limits)
  lines.push(
    `write limits: ${limits.limitedRoutes} write routes answer 429 past the budget, ${limits.exempt} exempt with a reason`,
  );
const reads = read('readLimits');
if (reads)
  lines.push(
    `read limits: ${reads.limitedRoutes} search, explore, profile and friend-search reads answer 429 past the budget (per user and per IP)`,
  );
const strict = read('strictBodies');
if (strict)
  lines.push(
    `strict bodies: ${strict.writeRoutes} write routes refuse an unknown field with 400, ${strict.exempt} exempt with a reason`,
  );
const uploads = read('uploadLimits');
if (uploads)
  lines.push(
    `upload limits: ${uploads.concurrentUploadsPerUser} uploads in flight per user, ${uploads.quotaMegabytesPerUser} MB of images per user, ${uploads.imageWorkConcurrency} images decoded at once`,
  );
const slow = read('slowClients');
if (slow)
  lines.push(
    `slow clients: a JSON login trickled 1 byte/s answered 408 after ${slow.slowLoginAnsweredAfterMs} ms (deadline ${slow.bodyDeadlineMs} ms); ${slow.visitorChannelsHeld} visitor live channels then 429; ${slow.connectionsHeld} connections per address then 429`,
  );
const races = read('concurrency');
if (races) lines.push(`races: ${races.races} concurrent scenarios, each ending in exactly one outcome`);
const xss = read('xss');
if (xss) lines.push(`xss: ${xss.pagesChecked} page loads in Chromium with ${xss.payloads} payloads, no script ran`);
const faults = ['faults.postgres', 'faults.redis', 'faults.process'].flatMap((name) => read(name)?.survived ?? []);
if (faults.length) lines.push(`faults survived: ${faults.length} (${faults.join(', ')})`);
console.log(lines.length ? lines.join('\n') : `no figures in ${dir}`);
