import { type ReactNode, useEffect, useState } from 'react';

/** docs/product.md §9 toast constants (the shadcn/Radix defaults). */
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: 'default' | 'destructive';
  /** Milliseconds; 5000 by default. */
  duration?: number;
}

interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

let counter = 0;
let memory: ToastItem[] = [];
const listeners = new Set<(toasts: ToastItem[]) => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: ToastItem[]) {
  memory = next;
  for (const listener of listeners) listener(memory);
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      publish(memory.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

function dismissToast(id?: string) {
  publish(
    memory.map((t) => {
      if (id === undefined || t.id === id) {
        scheduleRemoval(t.id);
        return { ...t, open: false };
      }
      return t;
    }),
  );
  showNextWaiting();
}

/** Shows a toast; only the newest TOAST_LIMIT stay. */
export function toast(options: ToastOptions) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const item: ToastItem = {
    ...options,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismissToast(id);
    },
  };
  publish([item, ...memory].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function useToast() {
  const [toasts, setToasts] = useState(memory);
  useEffect(() => {
    listeners.add(setToasts);
    return () => {
      listeners.delete(setToasts);
    };
  }, []);
  return { toasts, toast, dismiss: dismissToast };
}

/** News toasts waiting for the open toast to close, oldest first (each news toast at most once). */
const waitingNews: { show: () => void }[] = [];
const anyOpen = () => memory.some((t) => t.open);

function showNextWaiting() {
  while (waitingNews.length > 0 && !anyOpen()) waitingNews.shift()!.show();
}

/** A toast that news keeps up to date (see `createNewsToast`). */
export interface NewsToast {
  /** Showing or waiting its turn: new news should be merged into what it says. */
  isActive(): boolean;
  /**
   * Shows what `build` returns (nothing when it returns null): at once when no toast is open or
   * this one is, else when the open toast closes, so news never pushes away a message the user is
   * reading (an error, "Copied"). `build` runs when it is shown, so it can leave out what stopped
   * being news meanwhile (the conversation the user opened).
   */
  show(build: () => ToastOptions | null): void;
  /** Closes it (its link was followed) or takes it out of the queue. */
  dismiss(): void;
}

/** A toast slot for news that arrives on its own (a Shro or a message received, issue 13 item 4). */
export function createNewsToast(): NewsToast {
  let shownId: string | null = null;
  let build: (() => ToastOptions | null) | null = null;
  const entry = {
    show: () => {
      const options = build?.();
      build = null;
      shownId = options ? toast(options).id : null;
    },
  };
  const isShowing = () => shownId !== null && memory.some((t) => t.id === shownId && t.open);
  return {
    isActive: () => isShowing() || waitingNews.includes(entry),
    show(next) {
      build = next;
      if (waitingNews.includes(entry)) return;
      if (isShowing() || !anyOpen()) entry.show();
      else waitingNews.push(entry);
    },
    dismiss() {
      const waiting = waitingNews.indexOf(entry);
      if (waiting >= 0) waitingNews.splice(waiting, 1);
      if (shownId !== null) dismissToast(shownId);
      shownId = null;
    },
  };
}
