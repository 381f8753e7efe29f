import { lazyPart } from '@/lib/lazy-part';

/**
 * The game itself (boxes, reveal, result, reactions, sharing), for members only: its code loads
 * apart, so a visitor never downloads it (decision 094). Started with the app when the page says
 * the viewer is a member, or someone was signed in on this device (web/app/early-reads.ts).
 */
export const shroViewPart = lazyPart(async () => ({ default: (await import('./shro-view')).ShroView }));
