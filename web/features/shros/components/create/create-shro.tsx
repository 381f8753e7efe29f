import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { Sparkles, UserCheck } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { SoundToggle } from '@/components/sound-toggle';
import { useFriends } from '@/lib/shared-reads';
import { clearDraft, draftFromState, readDraft, saveDraft, stateFromDraft } from '../../hooks/create-draft';
import { initialCreateFormState } from '../../hooks/create-form-state';
import { useCreateForm } from '../../hooks/use-create-form';
import { useCreateSubmit } from '../../hooks/use-create-submit';
import type { ShroTemplate } from '../../utils/templates';
import { CreateForm } from './create-form';
import { DraftOffer } from './draft-offer';
import { TEMPLATES_HEADING_ID, TemplatePicker } from './template-picker';
import { FORM_HEADING_ID } from './template-title-card';

/** docs/product.md §2: `friendId`, `friendUsername` or `friend` names a friend to send to directly. */
function prefillFromSearch(search: string) {
  const params = new URLSearchParams(search);
  return {
    id: params.get('friendId') ?? params.get('friend'),
    username: params.get('friendUsername') ?? params.get('friend'),
  };
}

/**
 * The create flow: template picker, then the form; success opens the new Shro. The form is kept
 * as the user's draft while they fill it, and offered back next time (decision 017).
 */
export function CreateShro({ userId }: { userId: string }) {
  const { i18n } = useLingui();
  const search = useSearch();
  const prefill = useMemo(() => prefillFromSearch(search), [search]);
  const friendsQuery = useFriends({ fresh: true });
  const friends = friendsQuery.data ?? [];
  const prefilledFriend =
    prefill.id || prefill.username
      ? (friends.find((f) => f.id === prefill.id || f.username.toLowerCase() === prefill.username?.toLowerCase()) ??
        null)
      : null;
  const username = prefilledFriend?.username;

  const [step, setStep] = useState<'template' | 'form'>('template');
  const createForm = useCreateForm();
  const { state, dispatch } = createForm;
  const submit = useCreateSubmit(userId, prefilledFriend?.id);
  // A draft left from last time is offered until the user restores or discards it; meanwhile
  // nothing is saved over it.
  const [draftOffer, setDraftOffer] = useState(() => readDraft(userId));
  // Where focus goes once the step on screen has changed (after choosing a template, restoring, …).
  const focusNext = useRef<string | null>(null);
  const applied = useRef(false);

  // A friend-targeted create is private and goes straight to that friend (docs/product.md §2).
  useEffect(() => {
    if (applied.current || !prefilledFriend) return;
    applied.current = true;
    dispatch({ type: 'toggleFriend', id: prefilledFriend.id });
  }, [prefilledFriend, dispatch]);

  useEffect(() => {
    if (draftOffer || submit.busy) return;
    const draft = draftFromState(state, new Date(), i18n);
    if (draft) saveDraft(userId, draft);
    else clearDraft(userId);
  }, [state, draftOffer, submit.busy, userId, i18n]);

  // After a step change, focus its heading: the button that was pressed is gone, and focus must
  // not fall back to the page body.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step or the offer changes
  useEffect(() => {
    const id = focusNext.current;
    if (!id) return;
    focusNext.current = null;
    document.getElementById(id)?.focus({ preventScroll: true });
  }, [step, draftOffer]);

  function showStep(next: 'template' | 'form') {
    focusNext.current = next === 'form' ? FORM_HEADING_ID : TEMPLATES_HEADING_ID;
    setStep(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  function pickTemplate(template: ShroTemplate | null) {
    dispatch({ type: 'template', template, i18n });
    showStep('form');
  }

  function restoreDraft() {
    if (!draftOffer) return;
    dispatch({ type: 'restore', state: stateFromDraft(draftOffer, initialCreateFormState(null)) });
    setDraftOffer(null);
    showStep('form');
  }

  function discardDraft() {
    clearDraft(userId);
    setDraftOffer(null);
    focusNext.current = step === 'form' ? FORM_HEADING_ID : TEMPLATES_HEADING_ID;
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-8 pt-6 sm:pb-16 sm:pt-10">
      <header className="mb-6 flex items-start justify-between gap-3">
        <div>
          <p className="inline-flex items-center gap-1.5 rounded-full bg-brand/15 px-3 py-1 text-xs font-semibold text-purple-200">
            <Sparkles className="size-3.5" aria-hidden="true" />{' '}
            {step === 'template' ? <Trans>Step 1 of 2</Trans> : <Trans>Step 2 of 2</Trans>}
          </p>
          <h1 className="mt-3 text-3xl font-black tracking-tight sm:text-4xl">
            <span className="bg-gradient-to-r from-purple-200 via-fuchsia-200 to-pink-200 bg-clip-text text-transparent">
              <Trans>Create {PRODUCT_NAME}</Trans>
            </span>
          </h1>
          <p className="mt-1 text-muted">
            <Trans>Hide four options in four mystery boxes. They open one.</Trans>
          </p>
        </div>
        <SoundToggle />
      </header>

      {prefilledFriend && (
        <div className="mb-5 flex items-center gap-3 rounded-2xl border border-brand/40 bg-brand/10 px-4 py-3 text-sm">
          <UserCheck className="size-5 shrink-0 text-purple-300" aria-hidden="true" />
          <p>
            <Trans>
              Sending privately to <strong>@{username}</strong>
            </Trans>
          </p>
        </div>
      )}
      {!friendsQuery.isLoading && (prefill.id || prefill.username) && !prefilledFriend && (
        <p
          role="status"
          className="mb-5 rounded-2xl border border-amber-300/40 bg-amber-300/10 px-4 py-3 text-sm text-amber-100"
        >
          <Trans>
            That person isn't in your friends list, so you can't send them a {PRODUCT_NAME} directly. Pick friends or a
            link below.
          </Trans>
        </p>
      )}

      {draftOffer && <DraftOffer draft={draftOffer} onRestore={restoreDraft} onDiscard={discardDraft} />}

      {step === 'template' ? (
        <TemplatePicker onPick={pickTemplate} />
      ) : (
        <CreateForm
          createForm={createForm}
          submit={submit}
          friends={friends}
          friendsLoading={friendsQuery.isLoading}
          onChangeTemplate={() => showStep('template')}
        />
      )}
    </div>
  );
}
