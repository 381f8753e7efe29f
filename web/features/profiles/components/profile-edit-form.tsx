import type { CurrentUser } from '@contract/auth';
import { updateProfileInputSchema } from '@contract/profiles';
import { Camera, Lock, RotateCcw, Save, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { UserAvatar } from '@/components/user-avatar';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/use-toast';
import { type ProfileFormValues, useUpdateProfile } from '../api/update-profile';

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The image rules (docs/product.md §5): an image type, under 5MB. Returns the problem, or null. */
function imageProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'Please select an image file.';
  if (file.size > MAX_IMAGE_BYTES) return 'File size too large. Please select a file under 5MB.';
  return null;
}

type Errors = Partial<Record<'username' | 'firstName' | 'lastName' | 'profileImage', string>>;

/** Edit mode of the own profile: username, names and image; email is read-only. */
export function ProfileEditForm({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const [values, setValues] = useState<ProfileFormValues>({
    username: user.username,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
  });
  const [file, setFile] = useState<File | null>(null);
  // "Remove photo" takes effect on save; until then it can be undone.
  const [removeImage, setRemoveImage] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const update = useUpdateProfile();
  const id = useId();

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
    const problem = imageProblem(chosen);
    if (problem) {
      setErrors((e) => ({ ...e, profileImage: problem }));
      toast({ variant: 'destructive', title: 'Invalid image', description: problem });
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setErrors((e) => ({ ...e, profileImage: undefined }));
    setFile(chosen);
    setRemoveImage(false);
  }

  function discardFile() {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = updateProfileInputSchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof Errors;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    update.mutate(
      { ...values, username: values.username.trim(), profileImage: file, removeProfileImage: removeImage },
      {
        onSuccess: () => {
          toast({ title: 'Profile updated!', description: 'Your changes have been saved.' });
          onDone();
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Failed to update profile.', description: errorMessage(error) }),
      },
    );
  }

  const field = (name: 'username' | 'firstName' | 'lastName') => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label="Edit profile">
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:gap-5">
        <UserAvatar
          user={{ ...user, ...values, profileImageUrl: removeImage ? null : user.profileImageUrl }}
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
            aria-describedby={errors.profileImage ? `${id}-image-error` : `${id}-image-hint`}
          />
          <div className="flex flex-wrap justify-center gap-2">
            <Button type="button" variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
              <Camera /> {file ? 'Choose another photo' : 'Change photo'}
            </Button>
            {file ? (
              <Button type="button" variant="ghost" size="sm" onClick={discardFile}>
                <X /> Discard
              </Button>
            ) : removeImage ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => setRemoveImage(false)}>
                <RotateCcw /> Keep photo
              </Button>
            ) : user.profileImageUrl ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => setRemoveImage(true)}>
                <Trash2 /> Remove photo
              </Button>
            ) : null}
          </div>
          <Label htmlFor={`${id}-image`} className="sr-only">
            Profile image
          </Label>
          <p id={`${id}-image-hint`} className="text-xs text-muted" aria-live="polite">
            {file
              ? `Selected: ${file.name}`
              : removeImage
                ? 'Your photo will be removed when you save.'
                : 'JPG, PNG, GIF or SVG, up to 5MB'}
          </p>
          <FieldError id={`${id}-image-error`} message={errors.profileImage} />
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5 sm:col-span-2">
          <Label htmlFor={`${id}-username`}>Username</Label>
          <Input {...field('username')} autoCapitalize="none" autoComplete="username" spellCheck={false} />
          <FieldError id={`${id}-username-error`} message={errors.username} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-firstName`}>First name</Label>
          <Input {...field('firstName')} autoComplete="given-name" />
          <FieldError id={`${id}-firstName-error`} message={errors.firstName} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-lastName`}>Last name</Label>
          <Input {...field('lastName')} autoComplete="family-name" />
          <FieldError id={`${id}-lastName-error`} message={errors.lastName} />
        </div>
        <div className="space-y-1.5 sm:col-span-2">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <div className="relative">
            <Input
              id={`${id}-email`}
              value={user.email}
              readOnly
              aria-readonly="true"
              aria-describedby={`${id}-email-hint`}
              className="cursor-not-allowed pr-10 text-zinc-300"
            />
            <Lock className="absolute right-3.5 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
          </div>
          <p id={`${id}-email-hint`} className="text-xs text-muted">
            Your email can't be changed here.
          </p>
        </div>
      </div>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          <X /> Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          <Save /> {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
