import type { CurrentUser } from '@contract/auth';
import { updateProfileInputSchema } from '@contract/profiles';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Camera, Lock, RotateCcw, Save, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Field } from '@/components/field';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { UserAvatar } from '@/components/user-avatar';
import { errorMessage } from '@/lib/error-message';
import { showServerError, useSchemaForm } from '@/lib/use-schema-form';
import { toast } from '@/lib/use-toast';
import { useUpdateProfile } from '../api/update-profile';

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The image rules (docs/product.md §5): an image type, under 5MB. Returns the problem, or null. */
function imageProblem(file: File, i18n: I18n): string | null {
  if (!file.type.startsWith('image/')) return i18n._(msg`Please select an image file.`);
  if (file.size > MAX_IMAGE_BYTES) return i18n._(msg`File size too large. Please select a file under 5MB.`);
  return null;
}

/** Edit mode of the own profile: username, names and image; email is read-only. */
export function ProfileEditForm({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const { t, i18n } = useLingui();
  // Checked on save; a message stays until the next save (docs/product.md §5).
  const form = useSchemaForm(
    updateProfileInputSchema,
    { username: user.username, firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
    { reValidateMode: 'onSubmit' },
  );
  const { errors } = form.formState;
  const values = form.watch();
  const [file, setFile] = useState<File | null>(null);
  // "Remove photo" takes effect on save; until then it can be undone.
  const [removeImage, setRemoveImage] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const update = useUpdateProfile();
  const id = useId();
  const fileName = file?.name;

  // The preview URL lives only as long as the chosen file.
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function chooseFile(chosen: File | undefined) {
    if (!chosen) return;
    const problem = imageProblem(chosen, i18n);
    if (problem) {
      setImageError(problem);
      toast({ variant: 'destructive', title: t`Invalid image`, description: problem });
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setImageError(undefined);
    setFile(chosen);
    setRemoveImage(false);
  }

  function discardFile() {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  const submit = form.handleSubmit(() => {
    setImageError(undefined);
    const typed = form.getValues();
    update.mutate(
      {
        username: (typed.username ?? '').trim(),
        firstName: typed.firstName ?? '',
        lastName: typed.lastName ?? '',
        profileImage: file,
        removeProfileImage: removeImage,
      },
      {
        onSuccess: () => {
          toast({ title: t`Profile updated!`, description: t`Your changes have been saved.` });
          onDone();
        },
        onError: (error) => {
          // A taken username (409) also marks its field; the toast says it either way.
          showServerError(form, error, i18n, { 409: 'username' });
          toast({
            variant: 'destructive',
            title: t`Failed to update profile.`,
            description: errorMessage(error, i18n),
          });
        },
      },
    );
  });

  return (
    <form ref={form.formRef} noValidate onSubmit={submit} className="space-y-5" aria-label={t`Edit profile`}>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:gap-5">
        <UserAvatar
          user={{
            username: values.username ?? user.username,
            firstName: values.firstName ?? null,
            profileImageUrl: removeImage ? null : user.profileImageUrl,
          }}
          imageUrl={preview}
          size="xl"
        />
        <div className="flex flex-col items-center gap-1.5 sm:items-start">
          <input
            ref={fileInput}
            id={`${id}-image`}
            type="file"
            accept="image/*"
            tabIndex={-1}
            className="sr-only"
            onChange={(e) => chooseFile(e.target.files?.[0])}
            aria-describedby={imageError ? `${id}-image-error` : `${id}-image-hint`}
          />
          <div className="flex flex-wrap justify-center gap-2">
            <Button type="button" variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
              <Camera /> {file ? t`Choose another photo` : t`Change photo`}
            </Button>
            {file ? (
              <Button type="button" variant="ghost" size="sm" onClick={discardFile}>
                <X /> <Trans>Discard</Trans>
              </Button>
            ) : removeImage ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => setRemoveImage(false)}>
                <RotateCcw /> <Trans>Keep photo</Trans>
              </Button>
            ) : user.profileImageUrl ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => setRemoveImage(true)}>
                <Trash2 /> <Trans>Remove photo</Trans>
              </Button>
            ) : null}
          </div>
          <Label htmlFor={`${id}-image`} className="sr-only">
            <Trans>Profile image</Trans>
          </Label>
          <p id={`${id}-image-hint`} className="text-xs text-muted" aria-live="polite">
            {file
              ? t`Selected: ${fileName}`
              : removeImage
                ? t`Your photo will be removed when you save.`
                : t`JPG, PNG, GIF or SVG, up to 5MB`}
          </p>
          <FieldError id={`${id}-image-error`} message={imageError} />
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-username`} label={t`Username`} error={errors.username?.message} className="sm:col-span-2">
          {(control) => (
            <Input
              {...control}
              {...form.register('username')}
              autoCapitalize="none"
              autoComplete="username"
              spellCheck={false}
            />
          )}
        </Field>
        <Field id={`${id}-firstName`} label={t`First name`} error={errors.firstName?.message}>
          {(control) => <Input {...control} {...form.register('firstName')} autoComplete="given-name" />}
        </Field>
        <Field id={`${id}-lastName`} label={t`Last name`} error={errors.lastName?.message}>
          {(control) => <Input {...control} {...form.register('lastName')} autoComplete="family-name" />}
        </Field>
        <Field
          id={`${id}-email`}
          label={t`Email`}
          hint={t`Your email can't be changed here.`}
          hintClassName="text-xs"
          className="sm:col-span-2"
        >
          {(control) => (
            <div className="relative">
              <Input
                {...control}
                value={user.email}
                readOnly
                aria-readonly="true"
                className="cursor-not-allowed pe-10 text-zinc-300"
              />
              <Lock className="absolute end-3.5 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
            </div>
          )}
        </Field>
      </div>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          <X /> <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={update.isPending}>
          <Save /> {update.isPending ? t`Saving...` : t`Save Changes`}
        </Button>
      </div>
    </form>
  );
}
