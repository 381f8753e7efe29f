import { z } from 'zod';

/** GET /api/platform/stats: platform-wide figures for the signed-in home badge. */
export const platformStatsSchema = z.object({ totalShros: z.number() });
export type PlatformStats = z.output<typeof platformStatsSchema>;
