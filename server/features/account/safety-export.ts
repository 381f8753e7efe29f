import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nativePushTokens, notificationSettings, pushSubscriptions, reports } from '../../db/schema/index';
import { listBlocksAndMutesForExport } from '../blocks/queries';

/**
 * The export's trust-and-safety part: reports the user made, the people they blocked or muted,
 * the Shros they muted, their notification settings and push devices. Only the user's own side:
 * who blocked, muted or reported them is not something the app shows them, so it is left out.
 * A table of this kind added later gets its section here.
 */
export async function exportSafetyData(db: Db, userId: string) {
  const [reportsMade, blocksAndMutes, settings, pushDevices, nativeDevices] = await Promise.all([
    db
      .select({
        id: reports.id,
        targetType: reports.targetType,
        targetId: reports.targetId,
        reason: reports.reason,
        details: reports.details,
        status: reports.status,
        createdAt: reports.createdAt,
        resolvedAt: reports.resolvedAt,
      })
      .from(reports)
      .where(eq(reports.reporterId, userId))
      .orderBy(asc(reports.id)),
    listBlocksAndMutesForExport(db, userId),
    db
      .select({
        channels: notificationSettings.channels,
        quietStart: notificationSettings.quietStart,
        quietEnd: notificationSettings.quietEnd,
        updatedAt: notificationSettings.updatedAt,
      })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId)),
    // The endpoint and keys are the browser's push credentials: when each device signed up is enough.
    db
      .select({ createdAt: pushSubscriptions.createdAt, lastSuccessAt: pushSubscriptions.lastSuccessAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt)),
    // The same for the native apps: the platform, never the device token (decision 164).
    db
      .select({
        platform: nativePushTokens.platform,
        createdAt: nativePushTokens.createdAt,
        lastSuccessAt: nativePushTokens.lastSuccessAt,
      })
      .from(nativePushTokens)
      .where(eq(nativePushTokens.userId, userId))
      .orderBy(asc(nativePushTokens.createdAt)),
  ]);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    reportsMade: reportsMade.map((r) => ({ ...r, createdAt: iso(r.createdAt), resolvedAt: iso(r.resolvedAt) })),
    blockedUsers: blocksAndMutes.blockedUsers.map((b) => ({ ...b, createdAt: iso(b.createdAt) })),
    mutedUsers: blocksAndMutes.mutedUsers.map((m) => ({ ...m, createdAt: iso(m.createdAt) })),
    mutedShros: blocksAndMutes.mutedShros.map((m) => ({ ...m, createdAt: iso(m.createdAt) })),
    notificationSettings: settings[0] ? { ...settings[0], updatedAt: iso(settings[0].updatedAt) } : null,
    pushDevices: pushDevices.map((p) => ({ createdAt: iso(p.createdAt), lastSuccessAt: iso(p.lastSuccessAt) })),
    nativePushDevices: nativeDevices.map((d) => ({
      platform: d.platform,
      createdAt: iso(d.createdAt),
      lastSuccessAt: iso(d.lastSuccessAt),
    })),
  };
}
