import { deleteAccountInputSchema } from '@contract/account';
import { DELETED_USER_LABEL } from '@contract/deleted-user';
import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, FolderLock, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Field } from '@/components/field';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError, Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-message';
import { showServerError, useSchemaForm } from '@/lib/use-schema-form';
import { toast } from '@/lib/use-toast';
import { useDeleteAccount } from '../api/delete-account';
import { useDownloadExport } from '../api/export-account';

/** Settings' "Your data" section: download everything, or delete the account (decisions 114, 115). */
export function YourDataSection() {
  const { t } = useLingui();
  return (
    <SectionCard title={t`Your data`} icon={FolderLock}>
      <div className="space-y-8">
        <DownloadData />
        <DeleteAccount />
      </div>
    </SectionCard>
  );
}

function DownloadData() {
  const { i18n, t } = useLingui();
  const download = useDownloadExport();
  return (
    <section aria-labelledby="download-data-title" className="space-y-3">
      <h3 id="download-data-title" className="font-semibold">
        <Trans>Download my data</Trans>
      </h3>
      <p className="text-sm text-muted">
        <Trans>
          A ZIP file with everything {PRODUCT_NAME} keeps about you: your profile, the {PRODUCT_NAME}s you made and
          opened, messages, friends, notifications and achievements, with your pictures.
        </Trans>
      </p>
      <Button
        variant="secondary"
        disabled={download.isPending}
        onClick={() =>
          download.mutate(undefined, {
            onSuccess: (name) => toast({ title: t`Your data is downloading`, description: name }),
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: t`Could not download your data`,
                description: errorMessage(error, i18n),
              }),
          })
        }
      >
        <Download /> {download.isPending ? t`Preparing your file...` : t`Download my data`}
      </Button>
    </section>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="delete-account-title" className="space-y-3 border-t border-border/60 pt-6">
      <h3 id="delete-account-title" className="font-semibold text-red-300">
        <Trans>Delete account</Trans>
      </h3>
      <p className="text-sm text-muted">
        <Trans>Permanently delete your account and everything that is only yours. This cannot be undone.</Trans>
      </p>
      <Dialog open={open} onOpenChange={setOpen}>
        <Button variant="danger" className="bg-red-600" onClick={() => setOpen(true)}>
          <Trash2 /> <Trans>Delete account</Trans>
        </Button>
        {open && <DeleteAccountDialog onCancel={() => setOpen(false)} />}
      </Dialog>
    </section>
  );
}

function DeleteAccountDialog({ onCancel }: { onCancel: () => void }) {
  const { i18n, t } = useLingui();
  const form = useSchemaForm(deleteAccountInputSchema, { password: '' });
  const remove = useDeleteAccount();
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) =>
    remove.mutate(input, {
      // A wrong password is a 400 on its field; anything else (429, network) above the buttons.
      onError: (error) => showServerError(form, error, i18n, { 400: 'password' }),
    }),
  );
  const passwordError = errors.password?.message;
  // A contract text, translated in the server's catalogs (decision 167).
  const deletedUser = i18n._(DELETED_USER_LABEL);

  return (
    <DialogContent aria-describedby="delete-account-consequences" closeLabel={t`Close`}>
      <DialogTitle>
        <Trans>Delete your account?</Trans>
      </DialogTitle>
      <DialogDescription id="delete-account-consequences">
        <Trans>This cannot be undone. Deleting your account:</Trans>
      </DialogDescription>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-zinc-200">
        <li>
          <Trans>deletes every {PRODUCT_NAME} you created, with all its boxes and pictures;</Trans>
        </li>
        <li>
          <Trans>
            deletes your profile, profile picture, friends, friend requests, notifications, blocks and mutes;
          </Trans>
        </li>
        <li>
          <Trans>signs you out on every device;</Trans>
        </li>
        <li>
          <Trans>frees your username (no one else can take it for 30 days).</Trans>
        </li>
      </ul>
      <p className="mt-3 text-sm text-muted">
        <Trans>
          Messages you sent stay in your friends' chats, and your picks stay in their {PRODUCT_NAME}s, shown as "
          {deletedUser}" with no name or picture. Download your data first to keep a copy.
        </Trans>
      </p>
      <form ref={form.formRef} noValidate onSubmit={submit} className="mt-5 space-y-4">
        <Field id="delete-account-password" label={t`Your password, to confirm`} error={passwordError}>
          {(control) => (
            <Input {...control} {...form.register('password')} type="password" autoComplete="current-password" />
          )}
        </Field>
        {errors.root?.server?.message && <FieldError id="delete-account-error" message={errors.root.server.message} />}
        <div className="grid grid-cols-2 gap-3">
          <Button type="button" variant="secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="danger" className="bg-red-600 px-3" disabled={remove.isPending}>
            {remove.isPending ? t`Deleting...` : t`Delete my account`}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
