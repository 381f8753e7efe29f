import { zodResolver } from '@hookform/resolvers/zod';
import type { I18n } from '@lingui/core';
import { useLayoutEffect, useRef } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { errorMessage } from './error-message';

/**
 * A react-hook-form form validated by a contract schema, the same one the server parses with
 * (decision 095). It validates on submit, then again on every change (docs/product.md §5),
 * keeping the first message per field. After an invalid submit, focus moves to the first invalid
 * field in the form's order once its message is rendered and linked, so a screen reader reads the
 * field and what is wrong with it together; attach `formRef` to the `<form>`.
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  options: Pick<UseFormProps<z.input<S>>, 'reValidateMode'> = {},
) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: options.reValidateMode ?? 'onChange',
    // Focus is moved below, after the render that marks the field invalid.
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const { submitCount } = form.formState;
  useLayoutEffect(() => {
    if (submitCount > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);
  return { ...form, formRef };
}

/** The form-level message (`errors.root.server`): a failed call that belongs to no one field. */
export const FORM_ERROR = 'root.server' as const;

/**
 * Shows a failed call's message (the server's `{message}`) where it belongs, chosen by status code
 * and never by the message text (decision 095): the field `fieldByStatus` names for the status,
 * else the form as a whole. Returns the field it went to, if any. `i18n` (from `useLingui()`)
 * words the web's own texts (offline) in the reader's language.
 */
export function showServerError<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, FieldValues>, 'setError'>,
  error: unknown,
  i18n: I18n,
  fieldByStatus: Partial<Record<number, Path<T>>> = {},
): Path<T> | undefined {
  const field = error instanceof ApiError ? fieldByStatus[error.status] : undefined;
  const message = errorMessage(error, i18n);
  form.setError(field ?? FORM_ERROR, { type: 'server', message }, { shouldFocus: !!field });
  return field;
}
