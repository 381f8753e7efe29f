import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { LegalPage, SupportEmailLink } from '@/features/legal/components/legal-page';

export default function SupportPage() {
  const { t } = useLingui();
  return (
    <LegalPage title={t`Support`} intro={t`Need a hand? Here are answers to common questions, and how to reach us.`}>
      <section>
        <h2>
          <Trans>Contact us</Trans>
        </h2>
        <p>
          <Trans>
            Email <SupportEmailLink /> and we will get back to you within two working days.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>Creating a {PRODUCT_NAME}</Trans>
        </h2>
        <p>
          <Trans>
            Pick a template, add a title and fill at least two of the four boxes. Then choose who gets it: friends,
            anyone with a link, or the public explore page.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>Images</Trans>
        </h2>
        <p>
          <Trans>Images may be JPG, PNG, GIF or SVG, up to 5MB each.</Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>Opening boxes</Trans>
        </h2>
        <p>
          <Trans>Each participant can open exactly one box. The creator sees who opened which box, live.</Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>Account problems</Trans>
        </h2>
        <p>
          <Trans>
            Can't sign in? Check the username and password; after several failed attempts sign-in pauses for a few
            minutes to protect your account.
          </Trans>
        </p>
      </section>
    </LegalPage>
  );
}
