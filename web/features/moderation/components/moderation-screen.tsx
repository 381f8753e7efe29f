import { Trans, useLingui } from '@lingui/react/macro';
import { ShieldCheck } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { AuditLog } from './audit-log';
import type { Selected } from './moderation-labels';
import { ModerationQueue } from './moderation-queue';
import { TargetReview } from './target-review';

/** /moderation: the queue of reported content, each target with its actions, and the audit log. */
export function ModerationScreen() {
  const { t } = useLingui();
  const [selected, setSelected] = useState<Selected | null>(null);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <h1 className="flex items-center gap-2 text-2xl font-extrabold sm:text-3xl">
        <ShieldCheck className="size-7 text-brand" aria-hidden="true" /> <Trans>Moderation</Trans>
      </h1>
      <p className="mt-1 text-sm text-muted">
        <Trans>Review reports within 24 hours. Every action and every view is logged.</Trans>
      </p>
      {selected ? (
        <TargetReview target={selected} onBack={() => setSelected(null)} />
      ) : (
        <Tabs.Root defaultValue="queue" className="mt-6">
          <Tabs.List aria-label={t`Moderation`} className="grid grid-cols-2 gap-1 rounded-2xl bg-surface-2 p-1">
            {(['queue', 'log'] as const).map((value) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className="min-h-11 rounded-xl text-sm font-semibold text-muted data-[state=active]:bg-surface data-[state=active]:text-zinc-100"
              >
                {value === 'queue' ? t`Queue` : t`Audit log`}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="queue" className="mt-4">
            <ModerationQueue onReview={setSelected} />
          </Tabs.Content>
          <Tabs.Content value="log" className="mt-4">
            <AuditLog />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </div>
  );
}
