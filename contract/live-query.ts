import { z } from 'zod';
import { LIVE_WATCH_MAX } from './live';

// Apart from contract/live.ts, which every page loads for its live channel: only the server parses this.

const INVALID_LIVE_QUERY = 'Invalid live channel query';

/** Query of GET /api/live; `watch` comes out as the list of distinct Shro ids. */
export const liveQuerySchema = z
  .object({
    /** Comma-separated Shro ids whose changes this tab wants (the Shro page it shows). */
    watch: z
      .string({ error: INVALID_LIVE_QUERY })
      .max(LIVE_WATCH_MAX * 101, INVALID_LIVE_QUERY)
      .optional(),
    /** For a new EventSource that continues an old one (it cannot set the Last-Event-ID header). */
    lastEventId: z.string({ error: INVALID_LIVE_QUERY }).max(40, INVALID_LIVE_QUERY).optional(),
  })
  .transform(({ watch, lastEventId }, ctx) => {
    const ids = [...new Set((watch ?? '').split(',').map((id) => id.trim()))].filter(Boolean);
    if (ids.length > LIVE_WATCH_MAX)
      ctx.addIssue({ code: 'custom', message: `watch: at most ${LIVE_WATCH_MAX} Shros` });
    else if (ids.some((id) => id.length > 100)) ctx.addIssue({ code: 'custom', message: 'watch: not a Shro id' });
    return { watch: ids, lastEventId };
  });
