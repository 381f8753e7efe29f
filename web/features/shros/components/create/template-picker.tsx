import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRight, PencilLine } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { playSound } from '@/lib/sounds';
import {
  SHRO_TEMPLATES,
  type ShroTemplate,
  TEMPLATE_CATEGORIES,
  TEMPLATE_CATEGORY_LABELS,
  type TemplateFilter,
} from '../../utils/templates';

export const TEMPLATES_HEADING_ID = 'templates-heading';

/** Step 1 of create: the five templates with a category filter, or skip to the manual form. */
export function TemplatePicker({ onPick }: { onPick: (template: ShroTemplate | null) => void }) {
  const { i18n } = useLingui();
  const [filter, setFilter] = useState<TemplateFilter>('All');
  const shown = SHRO_TEMPLATES.filter((t) => filter === 'All' || t.category === filter);

  return (
    <section aria-labelledby={TEMPLATES_HEADING_ID} className="animate-pop">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={TEMPLATES_HEADING_ID} tabIndex={-1} className="text-lg font-bold outline-none">
            <Trans>Choose a template</Trans>
          </h2>
          <p className="text-sm text-muted">
            <Trans>Start from a template, or build your own boxes.</Trans>
          </p>
        </div>
        <fieldset className="flex gap-1 rounded-full border border-border/70 bg-surface/70 p-1">
          <legend className="sr-only">
            <Trans>Template category</Trans>
          </legend>
          {TEMPLATE_CATEGORIES.map((category) => (
            <button
              key={category}
              type="button"
              aria-pressed={filter === category}
              onClick={() => setFilter(category)}
              className={cn(
                'h-11 rounded-full px-4 text-sm font-semibold transition-colors',
                filter === category
                  ? 'bg-gradient-to-r from-brand to-brand-2 text-white shadow'
                  : 'text-zinc-300 hover:text-white',
              )}
            >
              {i18n._(TEMPLATE_CATEGORY_LABELS[category])}
            </button>
          ))}
        </fieldset>
      </div>

      <ul className="mt-5 grid gap-3 sm:grid-cols-2">
        {shown.map((template) => (
          <li key={template.id}>
            <button
              type="button"
              onClick={() => {
                playSound('click');
                onPick(template);
              }}
              className="group flex w-full items-center gap-4 rounded-2xl border border-border/70 bg-surface/80 p-4 text-start shadow-lg shadow-black/10 transition-all hover:-translate-y-0.5 hover:border-brand/60 hover:bg-surface-2 focus-visible:border-brand"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-14 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br text-2xl shadow-lg transition-transform group-hover:scale-105',
                  template.gradient,
                )}
              >
                {template.emoji}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-[11px] font-semibold uppercase tracking-wider text-purple-200/90">
                  {i18n._(TEMPLATE_CATEGORY_LABELS[template.category])}
                </span>
                <span className="block font-bold">{i18n._(template.name)}</span>
                <span className="mt-0.5 block text-sm text-muted">{i18n._(template.description)}</span>
              </span>
              <ArrowRight className="size-5 shrink-0 text-muted transition-transform group-hover:translate-x-0.5 rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5" />
            </button>
          </li>
        ))}
      </ul>

      <div className="mt-5 text-center">
        <button
          type="button"
          onClick={() => {
            playSound('click');
            onPick(null);
          }}
          className="inline-flex min-h-11 items-center gap-2 rounded-xl px-4 text-sm font-semibold text-purple-300 underline underline-offset-4 hover:text-purple-200"
        >
          <PencilLine className="size-4" aria-hidden="true" />
          <Trans>Skip templates and create manually</Trans>
        </button>
      </div>
    </section>
  );
}
