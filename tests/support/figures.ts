import fs from 'node:fs';
import path from 'node:path';

/**
 * Figures of the last run (inputs tried, routes × roles, faults survived), one small JSON file
 * per figure under test-results/security-figures/ (test files run in parallel, so no shared
 * file). `node scripts/security-figures.mjs` prints them; SECURITY.md quotes them.
 */
export const FIGURES_DIR = path.resolve(process.env.SECURITY_FIGURES_DIR ?? 'test-results/security-figures');

export function recordFigure(name: string, value: Record<string, unknown>) {
  fs.mkdirSync(FIGURES_DIR, { recursive: true });
  const file = path.join(FIGURES_DIR, `${name}.json`);
  fs.writeFileSync(
    file,
    `${JSON.stringify({ ...value, database: process.env.DATABASE_URL ? 'postgres' : 'pglite', at: new Date().toISOString() }, null, 2)}\n`,
  );
}
