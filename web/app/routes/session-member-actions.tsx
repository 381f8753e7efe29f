import type { Shro } from '@contract/shro-views';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { SafetyMenu } from '@/features/blocks/components/safety-menu';
import { ReportButton, type ReportTarget } from '@/features/moderation/components/report-button';
import { uploadKeyOf } from '@/features/moderation/utils/upload-key';

/** The Shro, and the uploaded image in the box the viewer opened (its key is the last part of the URL). */
function reportTargetsOf(shro: Shro, i18n: I18n): ReportTarget[] {
  const targets: ReportTarget[] = [{ type: 'shro', id: shro.id, label: i18n._(msg`This Shro`) }];
  const opened = shro.boxes.find((box) => box.id === shro.selectedBoxId);
  const key = uploadKeyOf(opened?.imageUrl);
  if (key) targets.push({ type: 'image', id: key, label: i18n._(msg`The image in the box you opened`) });
  return targets;
}

/**
 * Report, mute and block beside a Shro's title: only members see the Shro itself, so this loads
 * with its view, never for a visitor (decision 094).
 */
export default function SessionMemberActions({ shro }: { shro: Shro }) {
  const { t, i18n } = useLingui();
  const username = shro.creator.username;
  return (
    <>
      {shro.viewerRole !== 'creator' && shro.viewerRole !== 'visitor' && (
        <ReportButton
          targets={reportTargetsOf(shro, i18n)}
          person={shro.creator}
          label={t`Report this Shro`}
          title={t`Report this Shro`}
        />
      )}
      <SafetyMenu
        user={shro.viewerRole === 'creator' ? null : shro.creator}
        shroId={shro.id}
        label={shro.viewerRole === 'creator' ? t`Notification options for this Shro` : t`Mute or block @${username}`}
      />
    </>
  );
}
