import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';

type Errors = Partial<Record<string, string>>;

/**
 * Minimal form state driven by a shared zod schema: validates on submit, then re-validates on
 * every change (docs/product.md §5), keeping the first message per field. An invalid submit moves focus to
 * the first invalid field in the form's order, with its message already rendered and linked, so
 * a screen reader reads the field and what is wrong with it.
 */
export function useZodForm<S extends z.ZodType<Record<string, unknown>>>(schema: S, initial: z.input<S>) {
  const [values, setValues] = useState(initial as Record<string, string>);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);

  /** The parsed data, or null after setting the first message of each invalid field. */
  function validate(next: Record<string, string>): z.output<S> | null {
    const result = schema.safeParse(next);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const found: Errors = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'form');
      found[key] ??= issue.message;
    }
    setErrors(found);
    return null;
  }

  function setField(name: string, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) validate(next);
  }

  function handleSubmit(onValid: (data: z.output<S>) => void) {
    return (event: React.FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      let data: z.output<S> | null = null;
      // Rendered synchronously, so the first invalid field is already marked invalid and
      // described by its message when it takes focus.
      flushSync(() => {
        setSubmitted(true);
        data = validate(values);
      });
      if (data) {
        onValid(data);
        return;
      }
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    };
  }

  /** Props of one field; `hintId` names a hint (its rules) shown until the field has an error. */
  const fieldProps = (name: string, hintId?: string) => ({
    id: name,
    name,
    value: values[name] ?? '',
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setField(name, e.target.value),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${name}-error` : hintId,
  });

  return { values, errors, fieldProps, handleSubmit };
}
