import { type ComponentType, lazy, useState } from 'react';

/** A part of the app whose code loads on its own (a page, a screen only some people see). */
export interface LazyPart<P extends object = object> {
  /** Loads the code (once; a failed load is tried again by the next call). */
  preload: () => Promise<unknown>;
  /** The component, once its code has loaded. */
  loaded: ComponentType<P> | null;
  /** The component through React.lazy (it suspends until its code is there). */
  Lazy: ComponentType<P>;
}

/** A part of the app loaded on its own; render it with `<LazyPartView part={…} {...props} />`. */
export function lazyPart<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPart<P> {
  let loading: Promise<unknown> | null = null;
  const part: LazyPart<P> = {
    loaded: null,
    preload: () => {
      loading ??= load().then(
        (module) => {
          part.loaded = module.default;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    Lazy: lazy(async () => {
      await part.preload();
      return { default: part.loaded! };
    }),
  };
  return part;
}

/**
 * Loads the parts' code; resolves either way, once every load has ended: a part that could not
 * load shows its error (or the offline notice) when it renders.
 */
export function preloadParts(parts: readonly Pick<LazyPart, 'preload'>[]): Promise<void> {
  return Promise.all(parts.map((part) => part.preload())).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Renders a lazily loaded part at once when its code is already there: no Suspense fallback, whose
 * replacement React 19 holds back for 300 ms after it showed (decision 143). Otherwise it suspends
 * as React.lazy does. Each mount keeps the component it started with, so a part never remounts
 * when its code arrives.
 */
export function LazyPartView<P extends object>({ part, ...props }: { part: LazyPart<P> } & P) {
  const [Part] = useState<ComponentType<P>>(() => part.loaded ?? part.Lazy);
  return <Part {...(props as unknown as P)} />;
}
