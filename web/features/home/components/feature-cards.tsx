import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Gift, Share2, Zap } from 'lucide-react';
import { Card } from '@/components/ui/card';

const features = [
  {
    title: msg`Mystery Boxes`,
    icon: Gift,
    body: msg`Hide four options: photos, ideas, movies, shows or places to eat.`,
  },
  { title: msg`Share & Decide`, icon: Share2, body: msg`Send to friends, share a link, or let the whole world pick.` },
  { title: msg`Instant Reveal`, icon: Zap, body: msg`One box each. The reveal plays the moment a box is opened.` },
] as const;

export function FeatureCards() {
  const { t, i18n } = useLingui();
  return (
    <section aria-label={t`Features`} className="grid gap-4 sm:grid-cols-3">
      {features.map((f) => (
        <Card key={f.title.id} className="p-6 transition-transform hover:-translate-y-1">
          <div className="flex size-12 items-center justify-center rounded-2xl bg-brand/15 text-brand">
            <f.icon className="size-6" />
          </div>
          <h2 className="mt-4 text-lg font-bold">{i18n._(f.title)}</h2>
          <p className="mt-1 text-sm text-muted">{i18n._(f.body)}</p>
        </Card>
      ))}
    </section>
  );
}
