import { PASSKEY_NAME_MAX, type PasskeyItem } from '@contract/passkeys';
import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound, Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { InputField } from '@/components/field';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/card';
import { ConfirmDialog, Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/use-toast';
import {
  browserHasPasskeys,
  passkeyPromptClosed,
  useAddPasskey,
  usePasskeys,
  useRemovePasskey,
  useRenamePasskey,
} from '../api/passkeys';

/** A date in the page's language; English keeps the spec's en-US form. */
const formatDay = (iso: string, locale: string) =>
  new Date(iso).toLocaleDateString(locale === 'en' ? 'en-US' : locale, { dateStyle: 'medium' });

/**
 * Settings' passkeys (issue 40; decision 187): add one with this device, rename or remove each.
 * The password stays: a passkey is one more way in, never the only one.
 */
export function PasskeyList() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<PasskeyItem | null>(null);
  const [renaming, setRenaming] = useState<PasskeyItem | null>(null);
  const { t, i18n } = useLingui();

  const addOne = () =>
    add.mutate(undefined, {
      onSuccess: () =>
        toast({ title: t`Passkey added`, description: t`Next time, sign in with it instead of your password.` }),
      onError: (error) => {
        if (passkeyPromptClosed(error)) return;
        toast({ variant: 'destructive', title: t`Could not add a passkey`, description: errorMessage(error, i18n) });
      },
    });

  const removingName = removing?.name ?? '';
  return (
    <section aria-labelledby="passkeys-title" className="space-y-3">
      <h3 id="passkeys-title" className="font-semibold">
        <Trans>Passkeys</Trans>
      </h3>
      <p className="text-sm text-muted">
        <Trans>Sign in with your fingerprint, face or screen lock instead of typing your password.</Trans>
      </p>
      {passkeys.isLoading ? (
        <Spinner className="mx-auto block" label={t`Loading passkeys`} />
      ) : passkeys.isError ? (
        <p role="alert" className="text-sm text-red-400">
          {errorMessage(passkeys.error, i18n)}
        </p>
      ) : passkeys.data && passkeys.data.length > 0 ? (
        <ul className="divide-y divide-border rounded-2xl border border-border">
          {passkeys.data.map((passkey) => {
            const added = formatDay(passkey.createdAt, i18n.locale);
            const used = passkey.lastUsedAt ? formatDay(passkey.lastUsedAt, i18n.locale) : null;
            const name = passkey.name;
            return (
              <li key={passkey.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <KeyRound className="size-5 shrink-0 text-purple-300" aria-hidden="true" />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="break-words font-semibold text-zinc-100">{name}</p>
                    <p className="text-muted">
                      {used ? (
                        <Trans>
                          Added {added} · Last used {used}
                        </Trans>
                      ) : (
                        <Trans>Added {added} · Never used</Trans>
                      )}
                    </p>
                  </div>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t`Rename ${name}`}
                    onClick={() => setRenaming(passkey)}
                  >
                    <Pencil aria-hidden="true" /> <Trans>Rename</Trans>
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t`Remove ${name}`}
                    onClick={() => setRemoving(passkey)}
                  >
                    <Trash2 aria-hidden="true" /> <Trans>Remove</Trans>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted">
          <Trans>No passkeys yet.</Trans>
        </p>
      )}
      {browserHasPasskeys() ? (
        <Button variant="secondary" onClick={addOne} disabled={add.isPending}>
          <Plus aria-hidden="true" />{' '}
          {add.isPending ? <Trans>Waiting for your device...</Trans> : <Trans>Add a passkey</Trans>}
        </Button>
      ) : (
        <p className="text-sm text-muted">
          <Trans>This browser cannot make passkeys.</Trans>
        </p>
      )}
      {renaming && <RenameDialog passkey={renaming} onDone={() => setRenaming(null)} />}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t`Remove this passkey?`}
        description={t`${removingName} will no longer sign you in. Your password and other passkeys still work.`}
        confirmLabel={t`Remove`}
        pendingLabel={t`Removing...`}
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSettled: () => setRemoving(null),
            onSuccess: () => toast({ title: t`Passkey removed` }),
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: t`Could not remove the passkey`,
                description: errorMessage(error, i18n),
              }),
          })
        }
      />
    </section>
  );
}

function RenameDialog({ passkey, onDone }: { passkey: PasskeyItem; onDone: () => void }) {
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const { t, i18n } = useLingui();
  const error = rename.isError ? errorMessage(rename.error, i18n) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(
      { id: passkey.id, name },
      {
        onSuccess: () => {
          toast({ title: t`Passkey renamed` });
          onDone();
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onDone()}>
      <DialogContent>
        <DialogTitle>
          <Trans>Rename passkey</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>A name that tells you which device or password manager holds it.</Trans>
        </DialogDescription>
        <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
          <InputField
            id="passkey-name"
            label={t`Name`}
            error={error}
            input={{ value: name, maxLength: PASSKEY_NAME_MAX, onChange: (e) => setName(e.target.value) }}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onDone}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={rename.isPending}>
              <Trans>Save</Trans>
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
