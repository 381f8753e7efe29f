import { compileMessage } from '@lingui/message-utils/compileMessage';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Toaster } from '@/components/ui/toaster';
import { i18n } from '@/lib/i18n';

/*
 * Component tests render a screen with the app's providers around it: English texts compiled from
 * the macros' source messages (the build's compiled catalogs are not made under Vitest), a query
 * client that never retries, a router at a given path, and a fetch that answers API calls from a
 * table and records them; toasts show as in the app.
 */
i18n.setMessagesCompiler(compileMessage);
i18n.loadAndActivate({ locale: 'en', messages: {} });

/** An API answer: a JSON body with 200, or `{ status, body }`. */
type StubAnswer = object | string | number | boolean | null;

/** Answers by `METHOD /path` (no query); a function gets the request's JSON body. */
export type ApiTable = Record<string, StubAnswer | ((body: unknown) => StubAnswer)>;

interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

const isStatusAnswer = (answer: unknown): answer is { status: number; body: unknown } =>
  typeof answer === 'object' && answer !== null && 'status' in answer && 'body' in answer;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders `ui` at `path`, its API answered from `api`; returns the calls made and the location. */
export function renderScreen(ui: ReactElement, { path = '/', api = {} }: { path?: string; api?: ApiTable } = {}) {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://shro.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const body =
      typeof init.body === 'string'
        ? JSON.parse(init.body)
        : init.body instanceof FormData
          ? Object.fromEntries(init.body)
          : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    const entry = api[`${method} ${url.pathname}`];
    if (entry === undefined)
      return Response.json({ message: `No stub for ${method} ${url.pathname}` }, { status: 404 });
    const answer = typeof entry === 'function' ? (entry as (body: unknown) => StubAnswer)(body) : entry;
    return isStatusAnswer(answer)
      ? Response.json(answer.body, { status: answer.status })
      : Response.json(answer, { status: 200 });
  });
  const location = memoryLocation({ path, record: true });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook}>
          {ui}
          <Toaster />
        </Router>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...view, calls, location, queryClient };
}
