import { PRODUCT_NAME } from '@contract/product';
import { TITLE_MAX } from '@contract/shros';
import { Hash, History, Send, Sparkles, UserCheck } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { SoundToggle } from '@/components/sound-toggle';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { ApiError, NetworkError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/relative-time';
import { playSound } from '@/lib/sounds';
import { toast } from '@/lib/use-toast';
import { useCreateShro } from '../../api/create-shro';
import { useFriends } from '../../api/get-friends';
import {
  type CreateDraft,
  clearDraft,
  draftFromState,
  readDraft,
  saveDraft,
  stateFromDraft,
} from '../../hooks/create-draft';
import { filledPositions, initialCreateFormState, useCreateForm } from '../../hooks/use-create-form';
import { buildCreateRequest, checkCreateForm, publicShroToastTitle } from '../../utils/build-create-request';
import { hasContentTabs, type ShroTemplate } from '../../utils/templates';
import { FormSection } from './form-section';
import { ImageBoxInput } from './image-box-input';
import { RecipientOptions } from './recipient-options';
import { RestaurantPicker } from './restaurant-picker';
import { TEMPLATES_HEADING_ID, TemplatePicker } from './template-picker';
import { TextBoxInput } from './text-box-input';
import { TitlePicker } from './title-picker';
import { WinningBoxPicker } from './winning-box-picker';

/** Where a 401 sends people: our sign-in page, back here afterwards (docs/decisions/005-create-401.md). */
const RELOGIN_URL = '/login?redirect=/create';
/**
 * The original brief had the public-create toast last 15 s; issue 14 shortened it (docs/product.md
 * §10): the session page it lands on shows the same link with its own share button.
 */
const PUBLIC_TOAST_MS = 8_000;

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
  const [, navigate] = useLocation();
  const search = useSearch();
  const prefill = useMemo(() => prefillFromSearch(search), [search]);
  const friendsQuery = useFriends();
  const friends = friendsQuery.data ?? [];
  const prefilledFriend =
    prefill.id || prefill.username
      ? (friends.find((f) => f.id === prefill.id || f.username.toLowerCase() === prefill.username?.toLowerCase()) ??
        null)
      : null;

  const [step, setStep] = useState<'template' | 'form'>('template');
  const [state, dispatch] = useCreateForm(null);
  // A draft left from last time is offered until the user restores or discards it; meanwhile
  // nothing is saved over it.
  const [draftOffer, setDraftOffer] = useState(() => readDraft(userId));
  // Where focus goes once the step on screen has changed (after choosing a template, restoring, …).
  const focusNext = useRef<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const create = useCreateShro(setProgress);
  const applied = useRef(false);

  // A friend-targeted create is private and goes straight to that friend (docs/product.md §2).
  useEffect(() => {
    if (applied.current || !prefilledFriend) return;
    applied.current = true;
    dispatch({ type: 'toggleFriend', id: prefilledFriend.id });
  }, [prefilledFriend, dispatch]);

  const titleRef = useRef<HTMLInputElement>(null);
  const boxesRef = useRef<HTMLDivElement>(null);
  const recipientsRef = useRef<HTMLDivElement>(null);
  const hashtagsRef = useRef<HTMLInputElement>(null);

  const source = state.template?.source ?? 'custom';
  const filled = filledPositions(state);
  const busy = create.isPending || create.isSuccess;

  useEffect(() => {
    if (draftOffer || busy) return;
    const draft = draftFromState(state);
    if (draft) saveDraft(userId, draft);
    else clearDraft(userId);
  }, [state, draftOffer, busy, userId]);

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
    dispatch({ type: 'template', template });
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

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = checkCreateForm(state);
    if (problem) {
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      const target = {
        title: titleRef.current,
        boxes: boxesRef.current,
        recipients: recipientsRef.current,
        hashtags: hashtagsRef.current,
      }[problem.field];
      target?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      if (target instanceof HTMLInputElement) target.focus({ preventScroll: true });
      return;
    }
    const request = buildCreateRequest(state, { friendId: prefilledFriend?.id });
    setProgress(request.images?.length ? 0 : null);
    playSound('click');
    create.mutate(request, {
      onSuccess: (shro) => {
        playSound('success');
        clearDraft(userId);
        const link = `${window.location.origin}/session/${shro.id}`;
        if (shro.isPublic) {
          toast({
            title: publicShroToastTitle,
            description: (
              <>
                Anyone can open a box on Explore or at{' '}
                <a href={link} className="break-all font-semibold underline underline-offset-2">
                  {link}
                </a>
              </>
            ),
            duration: PUBLIC_TOAST_MS,
          });
        } else if (shro.isShareable) {
          toast({ title: 'Link ready!', description: 'Share it with anyone: each person can open one box.' });
        } else {
          toast({ title: `${PRODUCT_NAME} sent!`, description: 'Your friends have been notified.' });
        }
        navigate(`/session/${shro.id}`);
      },
      onError: (error) => {
        setProgress(null);
        if (error instanceof ApiError && error.status === 401) {
          toast({
            title: 'Unauthorized',
            description: 'You are logged out. Logging in again...',
            variant: 'destructive',
          });
          setTimeout(() => {
            window.location.href = RELOGIN_URL;
          }, 500);
          return;
        }
        const reason =
          error instanceof ApiError && error.status < 500
            ? error.serverMessage
            : error instanceof NetworkError
              ? error.message
              : null;
        toast({
          title: 'Error',
          description: (
            <>
              Failed to create session. Please try again.
              {reason && <span className="mt-1 block text-xs opacity-90">{reason}</span>}
            </>
          ),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-8 pt-6 sm:pb-16 sm:pt-10">
      <header className="mb-6 flex items-start justify-between gap-3">
        <div>
          <p className="inline-flex items-center gap-1.5 rounded-full bg-brand/15 px-3 py-1 text-xs font-semibold text-purple-200">
            <Sparkles className="size-3.5" aria-hidden="true" /> {step === 'template' ? 'Step 1 of 2' : 'Step 2 of 2'}
          </p>
          <h1 className="mt-3 text-3xl font-black tracking-tight sm:text-4xl">
            <span className="bg-gradient-to-r from-purple-200 via-fuchsia-200 to-pink-200 bg-clip-text text-transparent">
              Create {PRODUCT_NAME}
            </span>
          </h1>
          <p className="mt-1 text-muted">Hide four options in four mystery boxes. They open one.</p>
        </div>
        <SoundToggle />
      </header>

      {prefilledFriend && (
        <div className="mb-5 flex items-center gap-3 rounded-2xl border border-brand/40 bg-brand/10 px-4 py-3 text-sm">
          <UserCheck className="size-5 shrink-0 text-purple-300" aria-hidden="true" />
          <p>
            Sending privately to <strong>@{prefilledFriend.username}</strong>
          </p>
        </div>
      )}
      {!friendsQuery.isLoading && (prefill.id || prefill.username) && !prefilledFriend && (
        <p
          role="status"
          className="mb-5 rounded-2xl border border-amber-300/40 bg-amber-300/10 px-4 py-3 text-sm text-amber-100"
        >
          That person isn't in your friends list, so you can't send them a {PRODUCT_NAME} directly. Pick friends or a
          link below.
        </p>
      )}

      {draftOffer && <DraftOffer draft={draftOffer} onRestore={restoreDraft} onDiscard={discardDraft} />}

      {step === 'template' ? (
        <TemplatePicker onPick={pickTemplate} />
      ) : (
        <form noValidate onSubmit={submit} className="space-y-4 animate-pop" aria-label={`Create ${PRODUCT_NAME}`}>
          <Card className="p-4 sm:p-6">
            <div className="flex items-center gap-3 rounded-2xl bg-base/50 p-3">
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br text-xl',
                  state.template?.gradient ?? 'from-zinc-500 to-zinc-700',
                )}
              >
                {state.template?.emoji ?? '✨'}
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-xs font-semibold uppercase tracking-wide text-muted">Template</p>
                <h2 id={FORM_HEADING_ID} tabIndex={-1} className="truncate font-bold outline-none">
                  {state.template?.name ?? 'Create manually'}
                </h2>
              </div>
              <Button type="button" variant="secondary" size="sm" className="h-11" onClick={() => showStep('template')}>
                Change
              </Button>
            </div>
            <div className="mt-4 space-y-1.5">
              <Label htmlFor="shro-title">Title</Label>
              <Input
                ref={titleRef}
                id="shro-title"
                value={state.title}
                maxLength={TITLE_MAX}
                placeholder={titlePlaceholder(state.template)}
                onChange={(e) => dispatch({ type: 'title', title: e.target.value })}
              />
            </div>
          </Card>

          <div ref={boxesRef}>
            <FormSection
              id="boxes"
              step={1}
              title={boxesTitle(source, state.type)}
              hint={boxesHint(source, state.type)}
            >
              {source === 'titles' ? (
                <TitlePicker
                  kind={state.type === 'tv' ? 'tv' : 'movie'}
                  picks={state.titles}
                  winningBox={state.winningBox}
                  onAdd={(title) => dispatch({ type: 'addTitle', title })}
                  onRemove={(id) => dispatch({ type: 'removeTitle', id })}
                />
              ) : source === 'restaurants' ? (
                <RestaurantPicker
                  picks={state.restaurants}
                  winningBox={state.winningBox}
                  onAdd={(restaurant) => dispatch({ type: 'addRestaurant', restaurant })}
                  onRemove={(name) => dispatch({ type: 'removeRestaurant', name })}
                />
              ) : (
                <Tabs.Root
                  value={state.type === 'text' ? 'text' : 'image'}
                  onValueChange={(value) => dispatch({ type: 'contentType', contentType: value as 'image' | 'text' })}
                >
                  {hasContentTabs(state.template) && (
                    <Tabs.List
                      aria-label="Content Type"
                      className="mb-4 grid grid-cols-2 gap-1 rounded-xl border border-border/70 bg-base/50 p-1"
                    >
                      {(['image', 'text'] as const).map((value) => (
                        <Tabs.Trigger
                          key={value}
                          value={value}
                          className="h-10 rounded-lg text-sm font-semibold text-zinc-300 transition-colors data-[state=active]:bg-gradient-to-r data-[state=active]:from-brand data-[state=active]:to-brand-2 data-[state=active]:text-white"
                        >
                          {value === 'image' ? 'Images' : 'Text'}
                        </Tabs.Trigger>
                      ))}
                    </Tabs.List>
                  )}
                  <Tabs.Content value="image" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                    {state.boxes.map((box) => (
                      <ImageBoxInput
                        key={box.position}
                        box={box}
                        isWinning={state.winningBox === box.position}
                        onFile={(file, preview) =>
                          dispatch({ type: 'boxImage', position: box.position, file, preview })
                        }
                        onLabel={(label) => dispatch({ type: 'boxLabel', position: box.position, label })}
                      />
                    ))}
                  </Tabs.Content>
                  <Tabs.Content value="text" className="grid gap-3 sm:grid-cols-2">
                    {state.boxes.map((box) => (
                      <TextBoxInput
                        key={box.position}
                        box={box}
                        isWinning={state.winningBox === box.position}
                        onText={(text) => dispatch({ type: 'boxText', position: box.position, text })}
                      />
                    ))}
                  </Tabs.Content>
                </Tabs.Root>
              )}
              <div className="mt-5 border-t border-border/60 pt-4">
                <WinningBoxPicker
                  filled={filled}
                  winningBox={state.winningBox}
                  onToggle={(position) => dispatch({ type: 'winningBox', position })}
                />
              </div>
            </FormSection>
          </div>

          <div ref={recipientsRef}>
            <FormSection id="recipients" step={2} title="Who gets it?" hint="Friends, a link for anyone, or everyone.">
              <RecipientOptions
                friends={friends}
                friendsLoading={friendsQuery.isLoading}
                recipients={state.recipients}
                isShareable={state.isShareable}
                expiry={state.expiry}
                isPublic={state.isPublic}
                onToggleFriend={(id) => dispatch({ type: 'toggleFriend', id })}
                onShareable={(on) => dispatch({ type: 'shareable', on })}
                onExpiry={(expiry) => dispatch({ type: 'expiry', expiry })}
                onPublic={(on) => dispatch({ type: 'public', on })}
              />
            </FormSection>
          </div>

          <FormSection
            id="hashtags"
            step={3}
            title="Hashtags"
            hint="Optional, comma separated. Helps people find it on Explore."
          >
            <div className="relative">
              <Hash className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-muted" />
              <Input
                ref={hashtagsRef}
                aria-label="Hashtags, comma separated"
                value={state.hashtags}
                placeholder="food, friday, decisions"
                onChange={(e) => dispatch({ type: 'hashtags', hashtags: e.target.value })}
                className="pl-10"
              />
            </div>
          </FormSection>

          <div className="sticky bottom-0 z-30 -mx-4 border-t border-border/60 bg-base/90 px-4 pb-[calc(0.75rem+env(safe-area-inset-bottom))] pt-3 backdrop-blur-xl sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
            <div className="mx-auto max-w-3xl">
              {create.isPending && progress !== null && (
                <div className="mb-3" aria-live="polite">
                  <div className="mb-1 flex justify-between text-xs text-muted">
                    <span>{progress < 1 ? 'Uploading images...' : 'Processing images...'}</span>
                    <span>{Math.round(progress * 100)}%</span>
                  </div>
                  <div
                    role="progressbar"
                    aria-label="Upload progress"
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(progress * 100)}
                    className="h-2 overflow-hidden rounded-full bg-surface-2"
                  >
                    <div
                      className="h-full rounded-full bg-gradient-to-r from-brand to-brand-2 transition-[width] duration-200"
                      style={{ width: `${Math.round(progress * 100)}%` }}
                    />
                  </div>
                </div>
              )}
              <div className="grid grid-cols-[auto_1fr] gap-3 sm:flex sm:justify-end">
                <Button asChild variant="outline" size="lg">
                  <Link href="/">Cancel</Link>
                </Button>
                <Button type="submit" size="lg" disabled={busy} className="sm:min-w-48">
                  <Send />
                  {create.isPending ? 'Creating...' : `Create ${PRODUCT_NAME}`}
                </Button>
              </div>
            </div>
          </div>
        </form>
      )}
    </div>
  );
}

const FORM_HEADING_ID = 'create-form-heading';

/** "Continue your unfinished Shro?": restore the saved draft, or throw it away. */
function DraftOffer({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: CreateDraft;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const hadImages = draft.boxes.some((b) => b.hadImage);
  return (
    <section
      aria-labelledby="draft-heading"
      className="mb-5 rounded-2xl border border-brand/40 bg-brand/10 px-4 py-3 animate-pop"
    >
      <h2 id="draft-heading" className="flex items-center gap-2 font-bold">
        <History className="size-4 shrink-0 text-purple-300" aria-hidden="true" /> Continue your unfinished{' '}
        {PRODUCT_NAME}?
      </h2>
      <p className="mt-1 text-sm text-zinc-300">
        <span className="break-words font-semibold">{draft.title.trim() ? `“${draft.title.trim()}”` : 'Untitled'}</span>
        , saved {formatRelativeTime(draft.savedAt)}.{hadImages && ' Photos are not kept in a draft: add them again.'}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" size="sm" className="h-11" onClick={onRestore}>
          Restore draft
        </Button>
        <Button type="button" size="sm" variant="ghost" className="h-11" onClick={onDiscard}>
          Discard draft
        </Button>
      </div>
    </section>
  );
}

function titlePlaceholder(template: ShroTemplate | null) {
  switch (template?.id) {
    case 'where-to-eat':
      return 'Where should we eat tonight?';
    case 'movie-night':
      return 'Movie Night Decision';
    case 'binge-watch':
      return 'Binge Watch Choice';
    case 'custom-text':
      return 'e.g. What should we do this weekend?';
    default:
      return 'e.g. Which outfit for tonight?';
  }
}

function boxesTitle(source: string, type: string) {
  if (source === 'restaurants') return 'Pick 4 restaurants';
  if (source === 'titles') return type === 'tv' ? 'Pick up to 4 TV shows' : 'Pick up to 4 movies';
  return 'Fill the mystery boxes';
}

function boxesHint(source: string, type: string) {
  if (source === 'restaurants') return 'Each restaurant goes in its own box.';
  if (source === 'titles') return 'Search and add at least one. Each pick fills a box.';
  return type === 'image'
    ? 'Add at least 2 images (JPG, PNG, GIF or SVG, up to 5MB each).'
    : 'Write at least 2 options.';
}
