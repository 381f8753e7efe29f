import { Gift, Share2, Zap } from 'lucide-react';
import { Card } from '@/components/ui/card';

const features = [
  { title: 'Mystery Boxes', icon: Gift, body: 'Hide four options: photos, ideas, movies, shows or places to eat.' },
  { title: 'Share & Decide', icon: Share2, body: 'Send to friends, share a link, or let the whole world pick.' },
  { title: 'Instant Reveal', icon: Zap, body: 'One box each. The reveal plays the moment a box is opened.' },
] as const;

export function FeatureCards() {
  return (
    <section aria-label="Features" className="grid gap-4 sm:grid-cols-3">
      {features.map((f) => (
        <Card key={f.title} className="p-6 transition-transform hover:-translate-y-1">
          <div className="flex size-12 items-center justify-center rounded-2xl bg-brand/15 text-brand">
            <f.icon className="size-6" />
          </div>
          <h2 className="mt-4 text-lg font-bold">{f.title}</h2>
          <p className="mt-1 text-sm text-muted">{f.body}</p>
        </Card>
      ))}
    </section>
  );
}
