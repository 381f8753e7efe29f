import { createShroFieldsSchema } from '@contract/shro-create-input';
import { type CreateRuleField, checkCreateRules } from '@contract/shro-create-rules';
import { SHRO_MESSAGES } from '@contract/shros';
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
function problemTitle(field: CreateFormField | CreateRuleField, source: Source): string {
  switch (field) {
    case 'title':
      return 'Missing Title';
    case 'boxes':
      return source === 'titles'
        ? 'Missing Selection'
        : source === 'restaurants'
          ? 'Missing Restaurants'
          : 'Missing Options';
    case 'recipients':
      return 'Missing Recipients';
    case 'hashtags':
      return 'Invalid Hashtags';
    case 'expiresAt':
      return 'Invalid Link Expiry';
    case 'winningBox':
      return 'Invalid Winning Box';
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
 * (docs/decisions/091-shro-modules.md): the first problem, or null.
 */
export function checkCreateForm(state: CreateFormState, now = Date.now()): CreateFormProblem | null {
  const source = state.template?.source ?? 'custom';
  const problem = (field: CreateFormField | CreateRuleField, description: string): CreateFormProblem => ({
    title: problemTitle(field, source),
    description,
    field: sectionOf(field),
  });

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
 * with its toast title as the error type.
 */
export const createFormResolver: Resolver<CreateFormState> = (values) => {
  const found = checkCreateForm(values);
  if (!found) return { values, errors: {} };
  const errors = { [found.field]: { type: found.title, message: found.description } } as FieldErrors<CreateFormState>;
  return { values: {}, errors };
};
