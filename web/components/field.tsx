import type { ComponentProps, ReactNode } from 'react';
import { FieldError, Input, Label } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** What a control needs to be labelled, marked invalid and described (decision 095). */
interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  /** The control's id; the error and hint ids derive from it. */
  id: string;
  label: ReactNode;
  /** The first problem with the value (client rule or server answer); replaces the hint. */
  error?: string;
  /** The field's rules, shown before the first mistake. */
  hint?: ReactNode;
  className?: string;
  labelClassName?: string;
  hintClassName?: string;
  /** Renders the control (and anything beside it) with the wiring spread onto the control. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * One form field: label, control, then the error (with `role="alert"`) or the hint. The control
 * is described by whichever of the two is on screen, so a screen reader reads the field and what
 * is wrong with it together (decision 095).
 */
export function Field({ id, label, error, hint, className, labelClassName, hintClassName, children }: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : hint ? hintId : undefined,
      })}
      {error ? (
        <FieldError id={errorId} message={error} />
      ) : hint ? (
        <p id={hintId} className={cn('text-sm text-muted', hintClassName)}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A field whose control is one text input; `input` carries its registration and attributes. */
export function InputField({ input, ...field }: Omit<FieldProps, 'children'> & { input: ComponentProps<'input'> }) {
  return <Field {...field}>{(control) => <Input {...control} {...input} />}</Field>;
}

/**
 * A field whose control is one checkbox, with its label beside it (a consent box). Wired like
 * `Field`: the error (or hint) below describes the box.
 */
export function CheckboxField({
  id,
  label,
  error,
  hint,
  className,
  input,
}: Omit<FieldProps, 'children' | 'labelClassName' | 'hintClassName'> & { input: ComponentProps<'input'> }) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : hint ? hintId : undefined}
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-brand"
          {...input}
        />
        <label htmlFor={id} className="text-sm leading-6">
          {label}
        </label>
      </div>
      {error ? (
        <FieldError id={errorId} message={error} />
      ) : hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
