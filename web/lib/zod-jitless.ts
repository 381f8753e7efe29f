import { z } from 'zod';

/**
 * zod v4 compiles object parsers with `new Function` (and probes for it once), which the CSP
 * (`script-src 'self'`, no `'unsafe-eval'`) refuses and reports. Jitless parsing needs no eval;
 * the setting is read when a schema is built, so this module runs before any schema exists
 * (imported first by main.tsx). Issue 10, item 14.
 */
z.config({ jitless: true });
