import {
  type ComponentType,
  cloneElement,
  type FocusEvent,
  type KeyboardEvent,
  lazy,
  type PointerEvent,
  type ReactElement,
  Suspense,
  startTransition,
  useMemo,
  useRef,
  useState,
} from 'react';
import { LoadBoundary } from './load-boundary';

/** What a lazily loaded popup receives besides its own props. */
export interface LoadedPopupProps {
  /** The trigger element, to render inside the popup's own `Trigger asChild`. */
  trigger: ReactElement;
  /** Open at once: the press that loaded the popup asked for it. */
  defaultOpen: boolean;
}

interface LoadOnIntentProps<P> {
  /** Loads the popup (a dropdown, popover or dialog that brings its Radix code with it); keep it module-level. */
  load: () => Promise<{ default: ComponentType<P & LoadedPopupProps> }>;
  /** The popup's own props. */
  props: P;
  /** The button that opens it, shown as it is until the popup's code is there. */
  trigger: ReactElement;
  popup: 'menu' | 'dialog';
}

/**
 * A popup whose code loads when the user reaches for its trigger (pointer over it, focus, press),
 * not with the page (decision 094). Until then the trigger is a plain stand-in; the loaded popup
 * takes its place, open at once when a press loaded it, and takes the focus over when the stand-in
 * had it. The swap runs in a transition inside a boundary that exists from the start, so the
 * trigger does not blink while the code loads.
 */
export function LoadOnIntent<P extends object>({ load, props, trigger, popup }: LoadOnIntentProps<P>) {
  const [wanted, setWanted] = useState<{ open: boolean } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const focusNext = useRef(false);
  // A failed import stays failed inside one lazy(): each attempt gets its own.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reason to make a new one
  const Popup = useMemo(() => lazy(load), [load, attempt]);
  const want = (open: boolean) => startTransition(() => setWanted((was) => ({ open: open || Boolean(was?.open) })));

  const standIn = cloneElement(trigger, {
    'aria-haspopup': popup,
    'aria-expanded': false,
    onPointerEnter: () => want(false),
    onFocus: () => {
      focusNext.current = true;
      want(false);
    },
    // A blur from the stand-in leaving the page (the swap itself) keeps the hand-over.
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (event.currentTarget.isConnected) focusNext.current = false;
    },
    onPointerDown: (event: PointerEvent) => event.button === 0 && want(true),
    onKeyDown: (event: KeyboardEvent) => ['Enter', ' ', 'ArrowDown'].includes(event.key) && want(true),
    onClick: () => want(true),
  } as object);
  const loadedTrigger = cloneElement(trigger, {
    ref: (node: HTMLElement | null) => {
      if (node && focusNext.current && !wanted?.open) node.focus();
      focusNext.current = false;
    },
  } as object);
  const retry = () => {
    setWanted(null);
    setAttempt((n) => n + 1);
  };
  return (
    <LoadBoundary key={attempt} fallback={standIn} onError={retry}>
      <Suspense fallback={standIn}>
        {wanted ? (
          // Keyed by the press: a popup the pointer loaded on its way (closed) is mounted again open
          // when the press then lands on the stand-in, as a popup reads `defaultOpen` only when it mounts.
          <Popup key={wanted.open ? 'open' : 'closed'} {...props} trigger={loadedTrigger} defaultOpen={wanted.open} />
        ) : (
          standIn
        )}
      </Suspense>
    </LoadBoundary>
  );
}
