import type { Friend } from '@contract/friends';
import { PRODUCT_NAME } from '@contract/product';
import { SHRO_MESSAGES } from '@contract/shros';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Hash } from 'lucide-react';
import type { FieldErrors } from 'react-hook-form';
import { Field } from '@/components/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/use-toast';
import type { CreateFormState } from '../../hooks/create-form-state';
import type { useCreateForm } from '../../hooks/use-create-form';
import type { useCreateSubmit } from '../../hooks/use-create-submit';
import type { CreateFormField } from '../../utils/check-create-form';
import { BoxesSection } from './boxes-section';
import { FormSection } from './form-section';
import { RecipientOptions } from './recipient-options';
import { SubmitBar } from './submit-bar';
import { TemplateTitleCard, TITLE_INPUT_ID } from './template-title-card';

/** Where focus and scrolling go for a problem in each part of the form. */
const PROBLEM_TARGETS: Record<CreateFormField, string> = {
  title: TITLE_INPUT_ID,
  boxes: 'create-boxes',
  recipients: 'create-recipients',
  hashtags: 'shro-hashtags',
};

/**
 * Step 2 of the create flow: title, boxes, recipients and hashtags, checked on submit by the
 * contract's create rules (decision 095). A problem is a toast (a hashtag's is on its field), and
 * focus moves to its field.
 */
export function CreateForm({
  createForm: { form, state, dispatch },
  submit,
  friends,
  friendsLoading,
  onChangeTemplate,
}: {
  createForm: ReturnType<typeof useCreateForm>;
  submit: ReturnType<typeof useCreateSubmit>;
  friends: Friend[];
  friendsLoading: boolean;
  onChangeTemplate: () => void;
}) {
  const { i18n, t } = useLingui();
  const onSubmit = form.handleSubmit(submit.send, (errors) => showProblem(errors, i18n));
  return (
    <form
      noValidate
      onSubmit={(event) => {
        if (!submit.busy) return onSubmit(event);
        event.preventDefault();
      }}
      className="space-y-4 animate-pop"
      aria-label={t`Create ${PRODUCT_NAME}`}
    >
      <TemplateTitleCard
        template={state.template}
        titleField={form.register('title')}
        onChangeTemplate={onChangeTemplate}
      />
      <div id={PROBLEM_TARGETS.boxes}>
        <BoxesSection state={state} dispatch={dispatch} />
      </div>
      <div id={PROBLEM_TARGETS.recipients}>
        <FormSection
          id="recipients"
          step={2}
          title={t`Who gets it?`}
          hint={<Trans>Friends, a link for anyone, or everyone.</Trans>}
        >
          <RecipientOptions
            friends={friends}
            friendsLoading={friendsLoading}
            recipients={state.recipients}
            isShareable={state.isShareable}
            expiry={state.expiry}
            deadline={state.deadline}
            isPublic={state.isPublic}
            isAnonymous={state.isAnonymous}
            isShuffled={state.isShuffled}
            onToggleFriend={(id) => dispatch({ type: 'toggleFriend', id })}
            onShareable={(on) => dispatch({ type: 'shareable', on })}
            onExpiry={(expiry) => dispatch({ type: 'expiry', expiry })}
            onDeadline={(deadline) => dispatch({ type: 'deadline', deadline })}
            onPublic={(on) => dispatch({ type: 'public', on })}
            onAnonymous={(on) => dispatch({ type: 'anonymous', on })}
            onShuffled={(on) => dispatch({ type: 'shuffled', on })}
          />
        </FormSection>
      </div>
      <FormSection
        id="hashtags"
        step={3}
        title={t`Hashtags`}
        hint={<Trans>Optional, comma separated. Helps people find it on Explore.</Trans>}
      >
        <Field
          id={PROBLEM_TARGETS.hashtags}
          label={t`Hashtags, comma separated`}
          labelClassName="sr-only"
          error={form.formState.errors.hashtags?.message}
          hint={i18n._(SHRO_MESSAGES.hashtagInvalid)}
          hintClassName="text-xs"
        >
          {(control) => (
            <div className="relative">
              <Hash className="pointer-events-none absolute start-3.5 top-1/2 size-4 -translate-y-1/2 text-muted" />
              <Input
                {...control}
                // The error names what was typed: it goes once the tags are edited, and submit checks again.
                {...form.register('hashtags', { onChange: () => form.clearErrors('hashtags') })}
                placeholder={t`food, friday, decisions`}
                className="ps-10"
              />
            </div>
          )}
        </Field>
      </FormSection>
      <SubmitBar isPending={submit.isPending} busy={submit.busy} progress={submit.progress} />
    </form>
  );
}

/**
 * docs/product.md §5: the first problem as a destructive toast; focus goes to where it is. A bad
 * hashtag is shown on its field instead (the spec has no toast for it), where it names the tag.
 */
function showProblem(errors: FieldErrors<CreateFormState>, i18n: I18n) {
  const field = (['title', 'boxes', 'recipients', 'hashtags'] as const).find((name) => errors[name]);
  if (!field) return;
  // The resolver puts the toast title in `type` (see createFormResolver).
  const error = errors[field] as { type?: string; message?: string };
  // The description is a contract text, translated in the server's catalogs (decision 167).
  const description = error.message && i18n._(error.message);
  if (field !== 'hashtags') toast({ title: error.type, description, variant: 'destructive' });
  const target = document.getElementById(PROBLEM_TARGETS[field]);
  target?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  if (target instanceof HTMLInputElement) target.focus({ preventScroll: true });
}
