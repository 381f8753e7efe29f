import { createShroFieldsSchema } from '@contract/shro-create-input';
import { type CreateRuleField, checkCreateRules } from '@contract/shro-create-rules';
import { SHRO_MESSAGES } from '@contract/shros';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { CreateFormState } from '../hooks/create-form-state';
import { buildCreateRequest } from './build-create-request';

/** Where a problem sends focus: the section that holds the field. */
export type CreateFormField = 'title' | 'boxes' | 'recipients' | 'hashtags';

/** A create-form problem, shown as a destructive toast; `field` is where focus goes. */
export interface CreateFormProblem {
  title: string;
  description: string;
  field: CreateFormField;
}

type Source = NonNullable<CreateFormState['template']>['source'];

/** The toast title of a problem, chosen by where it is (never by its text): docs/product.md §5. */
function problemTitle(field: CreateFormField | CreateRuleField, source: Source): MessageDescriptor {
  switch (field) {
    case 'title':
      return msg`Missing Title`;
    case 'boxes':
      return source === 'titles'
        ? msg`Missing Selection`
        : source === 'restaurants'
          ? msg`Missing Restaurants`
          : msg`Missing Options`;
    case 'recipients':
      return msg`Missing Recipients`;
    case 'hashtags':
      return msg`Invalid Hashtags`;
    case 'expiresAt':
      return msg`Invalid Link Expiry`;
    case 'winningBox':
      return msg`Invalid Winning Box`;
  }
}

/** The form section a contract field or rule belongs to. */
function sectionOf(key: PropertyKey | undefined): CreateFormField {
  if (key === 'title' || key === 'hashtags' || key === 'recipients') return key;
  if (key === 'expiresAt' || key === 'friendId' || key === 'isShareable' || key === 'isPublic') return 'recipients';
  return 'boxes';
}

/**
 * docs/product.md §5 create rules in the spec's order (title, content, recipients, then the rest),
 * checked with the contract's own schema and rules, the ones the server applies
 * (docs/decisions/091-shro-modules.md): the first problem, or null. `i18n`: the page's, for the
 * toast title (English without it).
 */
export function checkCreateForm(state: CreateFormState, now = Date.now(), i18n?: I18n): CreateFormProblem | null {
  const source = state.template?.source ?? 'custom';
  const problem = (field: CreateFormField | CreateRuleField, description: string): CreateFormProblem => {
    const title = problemTitle(field, source);
    return {
      title: i18n ? i18n._(title) : (title.message ?? title.id),
      description,
      field: sectionOf(field),
    };
  };

  const { images, ...request } = buildCreateRequest(state, { now });
  const fields = createShroFieldsSchema.safeParse({
    ...request,
    // The raw text, so a bad hashtag is reported rather than dropped.
    hashtags: state.hashtags,
    labels: images?.map((image) => image.label),
  });
  const issues = fields.success ? [] : fields.error.issues;
  const titleIssue = issues.find((issue) => issue.path[0] === 'title');
  if (titleIssue) return problem('title', titleIssue.message);

  // With no restaurant picked yet, nothing in the request says it is a restaurants Shro.
  if (source === 'restaurants' && state.restaurants.length === 0)
    return problem('boxes', SHRO_MESSAGES.restaurantsRequired);
  const rules = checkCreateRules(
    {
      ...request,
      textOptions: request.textOptions ?? [],
      tmdbOptions: request.tmdbOptions ?? [],
      winningBoxPosition: request.winningBoxPosition ?? null,
    },
    { imageCount: images?.length ?? 0, creatorId: null, now: new Date(now) },
  );
  if ('error' in rules) return problem(rules.field, rules.error);

  const issue = issues[0];
  return issue ? problem(sectionOf(issue.path[0]), issue.message) : null;
}

/**
 * react-hook-form's view of `checkCreateForm`: the one problem, under the section it belongs to,
 * with its toast title as the error type. The form's context is the page's i18n (see useCreateForm).
 */
export const createFormResolver: Resolver<CreateFormState, I18n | undefined> = (values, i18n) => {
  const found = checkCreateForm(values, Date.now(), i18n);
  if (!found) return { values, errors: {} };
  const errors = { [found.field]: { type: found.title, message: found.description } } as FieldErrors<CreateFormState>;
  return { values: {}, errors };
};
