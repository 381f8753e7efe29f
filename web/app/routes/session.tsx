import type { Shro } from '@contract/shro-views';
import { useParams } from 'wouter';
import { SafetyMenu } from '@/features/blocks/components/safety-menu';
import { ReportButton, type ReportTarget } from '@/features/moderation/components/report-button';
import { uploadKeyOf } from '@/features/moderation/utils/upload-key';
import { PushPromptCard } from '@/features/notifications/components/push-prompt-card';
import { ShroPage } from '@/features/shros/components/session/shro-page';

/** The Shro, and the uploaded image in the box the viewer opened (its key is the last part of the URL). */
function reportTargetsOf(shro: Shro): ReportTarget[] {
  const targets: ReportTarget[] = [{ type: 'shro', id: shro.id, label: 'This Shro' }];
  const opened = shro.boxes.find((box) => box.id === shro.selectedBoxId);
  const key = uploadKeyOf(opened?.imageUrl);
  if (key) targets.push({ type: 'image', id: key, label: 'The image in the box you opened' });
  return targets;
}

/** /session/:id is public: visitors get the Join card, members the game (and mute or block from blocks). */
export default function SessionPage() {
  const { id } = useParams<{ id: string }>();
  // A new id is a new page: state such as a running reveal must not carry over.
  return (
    <>
      <ShroPage
        key={id}
        id={id}
        shroActions={(shro) => (
          <>
            {shro.viewerRole !== 'creator' && shro.viewerRole !== 'visitor' && (
              <ReportButton
                targets={reportTargetsOf(shro)}
                person={shro.creator}
                label="Report this Shro"
                title="Report this Shro"
              />
            )}
            <SafetyMenu
              user={shro.viewerRole === 'creator' ? null : shro.creator}
              shroId={shro.id}
              label={shro.viewerRole === 'creator' ? 'Mute this Shro' : `Mute or block @${shro.creator.username}`}
            />
          </>
        )}
      />
      {/* "Get notified when friends answer": for the Shro's creator or recipient only (decision 118),
          below the Shro so it never covers a box. */}
      <PushPromptCard key={`push-${id}`} shroId={id} />
    </>
  );
}
