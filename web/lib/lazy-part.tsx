import { type ComponentType, lazy, useState } from 'react';

/** A part of the app whose code loads on its own (a page, a screen only some people see). */
export interface LazyPart {
  /** Loads the code (once; a failed load is tried again by the next call). */
  preload: () => Promise<unknown>;
  /** The component, once its code has loaded. */
  loaded: ComponentType | null;
  /** The component through React.lazy (it suspends until its code is there). */
  Lazy: ComponentType;
}

/** A part of the app loaded on its own; render it with `<LazyPartView part={…} />`. */
export function lazyPart(load: () => Promise<{ default: ComponentType }>): LazyPart {
  let loading: Promise<unknown> | null = null;
  const part: LazyPart = {
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
 * Renders a lazily loaded part at once when its code is already there: no Suspense fallback, whose
 * replacement React 19 holds back for 300 ms after it showed (decision 143). Otherwise it suspends
 * as React.lazy does. Each mount keeps the component it started with, so a part never remounts
 * when its code arrives.
 */
export function LazyPartView({ part }: { part: LazyPart }) {
  const [Part] = useState<ComponentType>(() => part.loaded ?? part.Lazy);
  return <Part />;
}
