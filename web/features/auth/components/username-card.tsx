import { updateUsernameInputSchema } from '@contract/auth';
import { AtSign } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError, Input, Label } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/use-toast';
import { useUpdateUsername } from '../api/update-username';

/** Change your username (PUT /api/auth/username); the button stays disabled until something is typed. */
export function UsernameCard({ currentUsername }: { currentUsername: string }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const update = useUpdateUsername();
  const trimmed = value.trim();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!trimmed) return;
    const parsed = updateUsernameInputSchema.safeParse({ username: trimmed });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    update.mutate(parsed.data, {
      onSuccess: (user) => {
        setValue('');
        toast({ title: 'Username updated!', description: `You are now @${user.username}` });
      },
      onError: (err) => {
        toast({ variant: 'destructive', title: 'Failed to update username', description: errorMessage(err) });
      },
    });
  }

  return (
    <Card className="p-5">
      <div className="flex items-center gap-3">
        <div className="flex size-10 items-center justify-center rounded-xl bg-brand/15 text-purple-300">
          <AtSign className="size-5" aria-hidden="true" />
        </div>
        <div className="min-w-0">
          <h2 className="font-bold">Your username</h2>
          <p className="truncate text-sm text-muted">
            Currently <span className="font-semibold text-zinc-100">@{currentUsername}</span>
          </p>
        </div>
      </div>
      <form noValidate onSubmit={submit} className="mt-4 space-y-1.5">
        <Label htmlFor="new-username">New username</Label>
        <div className="flex gap-2">
          <Input
            id="new-username"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(undefined);
            }}
            placeholder={currentUsername}
            autoCapitalize="none"
            autoComplete="username"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'new-username-error' : undefined}
          />
          <Button type="submit" disabled={!trimmed || update.isPending}>
            {update.isPending ? 'Saving...' : 'Update'}
          </Button>
        </div>
        <FieldError id="new-username-error" message={error} />
      </form>
    </Card>
  );
}
