import { PRODUCT_NAME, PRODUCT_NAME_PLURAL } from '@contract/product';
import { REPORT_REVIEW_HOURS, TERMS_VERSION } from '@contract/terms';
import { Trans, useLingui } from '@lingui/react/macro';
import { LegalPage, SupportEmailLink } from '@/features/legal/components/legal-page';

export default function TermsPage() {
  const { t } = useLingui();
  return (
    <LegalPage
      title={t`Terms of Service`}
      intro={t`By using ${PRODUCT_NAME} you agree to these terms. Please read them carefully.`}
    >
      <section>
        <h2>
          <Trans>Eligibility</Trans>
        </h2>
        <p>
          <Trans>
            You must be at least 13 years old to use {PRODUCT_NAME}. If local law requires a higher age, that age
            applies.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>Your account</Trans>
        </h2>
        <ul>
          <li>
            <Trans>One account per person. Accounts are personal and may not be shared or sold.</Trans>
          </li>
          <li>
            <Trans>Keep your password safe; you are responsible for what happens under your account.</Trans>
          </li>
          <li>
            <Trans>Usernames must not impersonate others or be offensive.</Trans>
          </li>
        </ul>
      </section>
      <section>
        <h2>
          <Trans>Your content</Trans>
        </h2>
        <p>
          <Trans>
            You keep ownership of what you upload. You give us the permission we need to store it and show it to the
            people you share it with. Only upload content you have the right to share.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>Acceptable use</Trans>
        </h2>
        <ul>
          <li>
            <Trans>No harassment, hate, illegal content, spam or sexual content involving minors.</Trans>
          </li>
          <li>
            <Trans>No attempts to break, overload or get around the security of the service.</Trans>
          </li>
          <li>
            <Trans>No automated scraping or mass account creation.</Trans>
          </li>
        </ul>
      </section>
      <section>
        <h2>
          <Trans>Zero tolerance for objectionable content and abusive users</Trans>
        </h2>
        <p>
          <Trans>
            There is no place on {PRODUCT_NAME} for objectionable content or abusive behaviour. That includes sexual or
            pornographic content, hate speech, harassment and bullying, threats and violence, content that encourages
            self-harm, and spam or scams, in {PRODUCT_NAME_PLURAL}, boxes, images, chat messages, usernames and
            profiles.
          </Trans>
        </p>
        <p>
          <Trans>
            We remove such content and suspend or permanently ban the accounts that post it or abuse other people,
            without notice.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>Automatic checks</Trans>
        </h2>
        <p>
          <Trans>
            Usernames, names and public {PRODUCT_NAME_PLURAL} are checked against a list of objectionable words. A
            username or name that matches is refused. A public {PRODUCT_NAME} that matches waits for a moderator before
            it appears on Explore.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>Reporting and blocking</Trans>
        </h2>
        <ul>
          <li>
            <Trans>
              Report a {PRODUCT_NAME}, a profile, a chat message or an image with the Report option in its menu, and say
              what is wrong.
            </Trans>
          </li>
          <li>
            <Trans>
              Our moderators review every report within {REPORT_REVIEW_HOURS} hours. They remove content that breaks
              these terms and suspend or ban the accounts responsible. You are told the outcome; the person you reported
              is never told who reported them.
            </Trans>
          </li>
          <li>
            <Trans>
              Block someone from their profile, the chat header, a {PRODUCT_NAME} page or a notification's menu. They
              can no longer send you friend requests, messages or {PRODUCT_NAME_PLURAL}, and neither of you sees the
              other's public {PRODUCT_NAME_PLURAL}. They are not told. You can unblock them in Settings.
            </Trans>
          </li>
        </ul>
      </section>
      <section>
        <h2>
          <Trans>The service</Trans>
        </h2>
        <p>
          <Trans>
            {PRODUCT_NAME} is in open beta and provided as is. Features may change. We may suspend accounts that break
            these terms.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>Changes to these terms</Trans>
        </h2>
        <p>
          <Trans>
            This is version {TERMS_VERSION} of the terms. When they change, we ask you to read and accept the new
            version the next time you open {PRODUCT_NAME}.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>Contact</Trans>
        </h2>
        <p>
          <Trans>
            Questions about these terms: <SupportEmailLink />.
          </Trans>
        </p>
      </section>
    </LegalPage>
  );
}
