import { useState } from 'react';
import type { z } from 'zod';

type Errors = Partial<Record<string, string>>;

/**
 * Minimal form state driven by a shared zod schema: validates on submit, then re-validates on
 * every change (spec §5), keeping the first message per field.
 */
export function useZodForm<S extends z.ZodType<Record<string, unknown>>>(schema: S, initial: z.input<S>) {
  const [values, setValues] = useState(initial as Record<string, string>);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);

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
    return (event: React.FormEvent) => {
      event.preventDefault();
      setSubmitted(true);
      const data = validate(values);
      if (data) onValid(data);
    };
  }

  const fieldProps = (name: string) => ({
    id: name,
    name,
    value: values[name] ?? '',
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setField(name, e.target.value),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
  });

  return { values, errors, fieldProps, handleSubmit };
}
