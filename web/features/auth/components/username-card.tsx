import { updateUsernameInputSchema } from '@contract/auth';
import { Trans, useLingui } from '@lingui/react/macro';
import { AtSign } from 'lucide-react';
import { Field } from '@/components/field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-message';
import { showServerError, useSchemaForm } from '@/lib/use-schema-form';
import { toast } from '@/lib/use-toast';
import { useUpdateUsername } from '../api/update-username';

/** Change your username (PUT /api/auth/username); the button stays disabled until something is typed. */
export function UsernameCard({ currentUsername }: { currentUsername: string }) {
  // The message stays until the next submit; typing only clears it.
  const form = useSchemaForm(updateUsernameInputSchema, { username: '' }, { reValidateMode: 'onSubmit' });
  const update = useUpdateUsername();
  const trimmed = form.watch('username').trim();
  const error = form.formState.errors.username?.message;
  const { i18n, t } = useLingui();

  const submit = form.handleSubmit((data) =>
    update.mutate(data, {
      onSuccess: (user) => {
        form.reset();
        const { username } = user;
        toast({ title: t`Username updated!`, description: t`You are now @${username}` });
      },
      onError: (err) => {
        // A taken name (409) also marks the field; the toast says it either way.
        showServerError(form, err, i18n, { 409: 'username' });
        toast({ variant: 'destructive', title: t`Failed to update username`, description: errorMessage(err, i18n) });
      },
    }),
  );

  return (
    <Card className="p-5">
      <div className="flex items-center gap-3">
        <div className="flex size-10 items-center justify-center rounded-xl bg-brand/15 text-purple-300">
          <AtSign className="size-5" aria-hidden="true" />
        </div>
        <div className="min-w-0">
          <h2 className="font-bold">
            <Trans>Your username</Trans>
          </h2>
          <p className="truncate text-sm text-muted">
            <Trans>
              Currently <span className="font-semibold text-zinc-100">@{currentUsername}</span>
            </Trans>
          </p>
        </div>
      </div>
      <form
        ref={form.formRef}
        noValidate
        onSubmit={(event) => {
          if (trimmed) return submit(event);
          event.preventDefault();
        }}
        className="mt-4"
      >
        <Field id="new-username" label={t`New username`} error={error}>
          {(control) => (
            <div className="flex gap-2">
              <Input
                {...control}
                {...form.register('username', { onChange: () => form.clearErrors('username') })}
                placeholder={currentUsername}
                autoCapitalize="none"
                autoComplete="username"
                spellCheck={false}
              />
              <Button type="submit" disabled={!trimmed || update.isPending}>
                {update.isPending ? t`Saving...` : t`Update`}
              </Button>
            </div>
          )}
        </Field>
      </form>
    </Card>
  );
}
