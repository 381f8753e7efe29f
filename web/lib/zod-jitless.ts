/**
 * zod v4 compiles object parsers with `new Function` (and probes for it once), which the CSP
 * (`script-src 'self'`, no `'unsafe-eval'`) refuses and reports. Jitless parsing needs no eval;
 * the setting is read when a schema is built, so this module runs before any schema exists
 * (imported first by main.tsx). Issue 10, item 14.
 *
 * zod keeps its settings on `globalThis.__zod_globalConfig`, shared by every copy of zod, and
 * merges into what it finds there. Setting it directly keeps zod's own code out of the first load:
 * it comes with the pages that submit forms (decision 094). zod-jitless.test.ts checks that zod
 * reads the setting from there.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

// A module, so it can be imported for its effect alone.
export {};
