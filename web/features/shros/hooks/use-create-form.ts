import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { createFormResolver } from '../utils/check-create-form';
import {
  type CreateFormAction,
  type CreateFormState,
  createFormReducer,
  initialCreateFormState,
} from './create-form-state';

/**
 * The create form in react-hook-form (decision 095). Its values are checked when it is sent, by
 * the contract's create rules (`createFormResolver`); a choice that changes others (friends, link,
 * public, template, winning box) goes through `dispatch`, which applies `createFormReducer`.
 * Image previews are released when replaced and when the page closes.
 */
export function useCreateForm() {
  const { i18n } = useLingui();
  const form = useForm<CreateFormState, I18n | undefined>({
    defaultValues: initialCreateFormState(null),
    resolver: createFormResolver,
    // The problem's toast title is in the page's language.
    context: i18n,
    // docs/product.md §5: the create rules are checked on submit, one toast at a time.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const state = form.watch();
  const { getValues, setValue } = form;

  const dispatch = useCallback(
    (action: CreateFormAction) => {
      const current = getValues();
      const next = createFormReducer(current, action);
      for (const key of Object.keys(next) as (keyof CreateFormState)[]) {
        if (next[key] !== current[key]) setValue(key, next[key], { shouldDirty: true });
      }
    },
    [getValues, setValue],
  );

  const previews = useRef(new Set<string>());
  useEffect(() => {
    const current = new Set(state.boxes.flatMap((box) => (box.preview ? [box.preview] : [])));
    for (const url of previews.current) if (!current.has(url)) URL.revokeObjectURL(url);
    previews.current = current;
  }, [state.boxes]);
  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  return { form, state, dispatch };
}
