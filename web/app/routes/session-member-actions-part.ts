import { lazyPart } from '@/lib/lazy-part';

/** Report, mute and block: they load with the Shro's own view, for members only (decision 094). */
export const sessionMemberActionsPart = lazyPart(() => import('./session-member-actions'));
