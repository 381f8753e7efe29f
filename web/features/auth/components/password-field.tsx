import { useLingui } from '@lingui/react/macro';
import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { Field, type FieldProps } from '@/components/field';
import { Input } from '@/components/ui/input';

/** A password input with a show/hide toggle. */
function PasswordInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  const { t } = useLingui();
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className="pr-11" />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t`Hide password` : t`Show password`}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-muted hover:text-zinc-100"
      >
        {visible ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
      </button>
    </div>
  );
}

/** A password field (label, input with its show/hide toggle, error or hint); `input` as for `InputField`. */
export function PasswordField({
  input,
  ...field
}: Omit<FieldProps, 'children'> & { input: Omit<ComponentProps<'input'>, 'type'> }) {
  return <Field {...field}>{(control) => <PasswordInput {...control} {...input} />}</Field>;
}
