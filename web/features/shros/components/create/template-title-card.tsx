import { TITLE_MAX } from '@contract/shros';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { ShroTemplate } from '../../utils/templates';

/** Takes focus when the form step opens (the pressed button is gone by then). */
export const FORM_HEADING_ID = 'create-form-heading';
/** The title input, where focus goes when the title is missing. */
export const TITLE_INPUT_ID = 'shro-title';

/** The chosen template (with "Change" back to the picker) and the title field. */
export function TemplateTitleCard({
  template,
  titleField,
  onChangeTemplate,
}: {
  template: ShroTemplate | null;
  titleField: UseFormRegisterReturn<'title'>;
  onChangeTemplate: () => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <Card className="p-4 sm:p-6">
      <div className="flex items-center gap-3 rounded-2xl bg-base/50 p-3">
        <span
          aria-hidden="true"
          className={cn(
            'flex size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br text-xl',
            template?.gradient ?? 'from-zinc-500 to-zinc-700',
          )}
        >
          {template?.emoji ?? '✨'}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-muted">
            <Trans>Template</Trans>
          </p>
          <h2 id={FORM_HEADING_ID} tabIndex={-1} className="truncate font-bold outline-none">
            {template ? i18n._(template.name) : <Trans>Create manually</Trans>}
          </h2>
        </div>
        <Button type="button" variant="secondary" size="sm" className="h-11" onClick={onChangeTemplate}>
          <Trans>Change</Trans>
        </Button>
      </div>
      <Field id={TITLE_INPUT_ID} label={t`Title`} className="mt-4">
        {(control) => (
          <Input {...control} {...titleField} maxLength={TITLE_MAX} placeholder={i18n._(titlePlaceholder(template))} />
        )}
      </Field>
    </Card>
  );
}

function titlePlaceholder(template: ShroTemplate | null) {
  switch (template?.id) {
    case 'where-to-eat':
      return msg`Where should we eat tonight?`;
    case 'movie-night':
      return msg`Movie Night Decision`;
    case 'binge-watch':
      return msg`Binge Watch Choice`;
    case 'custom-text':
      return msg`e.g. What should we do this weekend?`;
    default:
      return msg`e.g. Which outfit for tonight?`;
  }
}
