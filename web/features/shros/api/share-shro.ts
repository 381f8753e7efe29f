import type { ShareTarget } from '@contract/analytics-events';
import { trackEvent } from '@/lib/analytics';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';

/**
 * Records that the viewer shared this Shro (feeds the creator's Trendsetter progress). It never
 * holds up the share itself and a failure is ignored: sharing already happened on the device.
 */
export function recordShare(shroId: string, via: ShareTarget) {
  trackEvent('share_shro', { label: via });
  apiRequest('POST', apiPaths.shareShro(shroId)).catch(() => {});
}
