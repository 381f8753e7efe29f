import type { AuthSession } from '@contract/auth';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LogOut, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/use-toast';
import { useAuthSessions, useEndAuthSession, useRevokeOtherSessions } from '../api/auth-sessions';
import { deviceIcons, deviceKind, deviceName as wordDevice } from '../utils/device-kind';
import { ChangePasswordForm } from './change-password-form';
import { PasskeyList } from './passkey-list';

/** A date in the page's language; English keeps the spec's en-US form. */
const formatWhen = (iso: string, locale: string) =>
  new Date(iso).toLocaleString(locale === 'en' ? 'en-US' : locale, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** Settings' "Security" section: change password, passkeys (decision 187) and the signed-in devices (decision 102). */
export function SecuritySection() {
  const { t } = useLingui();
  return (
    <SectionCard title={t`Security`} icon={ShieldCheck}>
      <div className="space-y-8">
        <ChangePasswordForm />
        <PasskeyList />
        <DeviceList />
      </div>
    </SectionCard>
  );
}

/** Confirming: one device (its session) or every other device. */
type Target = AuthSession | 'others' | null;

function DeviceList() {
  const sessions = useAuthSessions();
  const endOne = useEndAuthSession();
  const endOthers = useRevokeOtherSessions();
  const [target, setTarget] = useState<Target>(null);
  const others = sessions.data?.filter((s) => !s.current) ?? [];
  // This device first, then the others as the server orders them (most recently active first).
  const devices = [...(sessions.data?.filter((s) => s.current) ?? []), ...others];
  const pending = endOne.isPending || endOthers.isPending;
  const { t, i18n } = useLingui();
  const deviceName = (session: AuthSession) =>
    session.userAgent ? wordDevice(session.userAgent, i18n) : t`Unknown device`;

  const onError = (error: unknown) =>
    toast({ variant: 'destructive', title: t`Could not sign out`, description: errorMessage(error, i18n) });
  const confirm = () => {
    const done = { onSettled: () => setTarget(null), onError };
    if (target === 'others') {
      endOthers.mutate(undefined, {
        ...done,
        onSuccess: () => toast({ title: t`Signed out of all other devices` }),
      });
    } else if (target) {
      const device = deviceName(target);
      endOne.mutate(target.id, { ...done, onSuccess: () => toast({ title: t`Signed out ${device}` }) });
    }
  };

  const targetName = target && target !== 'others' ? deviceName(target) : '';
  return (
    <section aria-labelledby="devices-title" className="space-y-3">
      <h3 id="devices-title" className="font-semibold">
        <Trans>Signed-in devices</Trans>
      </h3>
      {sessions.isLoading ? (
        <Spinner className="mx-auto block" label={t`Loading devices`} />
      ) : sessions.isError ? (
        <p role="alert" className="text-sm text-red-400">
          {errorMessage(sessions.error, i18n)}
        </p>
      ) : (
        <ul className="divide-y divide-border rounded-2xl border border-border">
          {devices.map((session) => {
            const Icon = deviceIcons[deviceKind(session.userAgent)];
            const device = deviceName(session);
            const signedIn = formatWhen(session.createdAt, i18n.locale);
            const lastActive = formatWhen(session.lastSeenAt, i18n.locale);
            return (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <Icon className="size-5 shrink-0 text-purple-300" aria-hidden="true" />
                  <div className="min-w-0 flex-1 text-sm">
                    {/* The pill wraps below the name as a whole, never across two lines. */}
                    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-zinc-100">
                      <span className="min-w-0 break-words">{device}</span>
                      {session.current && (
                        <span className="shrink-0 whitespace-nowrap rounded-full bg-brand/20 px-2 py-0.5 text-xs text-purple-200">
                          <Trans>This device</Trans>
                        </span>
                      )}
                    </p>
                    <p className="text-muted">
                      <Trans>
                        Signed in {signedIn} · Last active {lastActive}
                      </Trans>
                    </p>
                  </div>
                </div>
                {!session.current && (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t`Sign out ${device}, last active ${lastActive}`}
                    onClick={() => setTarget(session)}
                  >
                    <LogOut aria-hidden="true" className="rtl:-scale-x-100" /> <Trans>Sign out</Trans>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {others.length > 0 && (
        <Button variant="secondary" onClick={() => setTarget('others')}>
          <Trans>Sign out of all other devices</Trans>
        </Button>
      )}
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={target === 'others' ? t`Sign out of all other devices?` : t`Sign out this device?`}
        description={
          target === 'others'
            ? t`${plural(others.length, {
                one: 'One other device will be signed out. This device stays signed in.',
                other: '# other devices will be signed out. This device stays signed in.',
              })}`
            : target
              ? t`${targetName} will be signed out and will need your password to sign in again.`
              : ''
        }
        confirmLabel={t`Sign out`}
        pendingLabel={t`Signing out...`}
        pending={pending}
        onConfirm={confirm}
      />
    </section>
  );
}
