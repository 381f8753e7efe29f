import { PRODUCT_NAME, PRODUCT_NAME_PLURAL } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { LegalPage, SupportEmailLink } from '@/features/legal/components/legal-page';

export default function PrivacyPage() {
  const { t } = useLingui();
  return (
    <LegalPage
      title={t`Privacy Policy`}
      intro={t`${PRODUCT_NAME} helps you make decisions with friends. This policy explains what we collect, why, and the choices you have.`}
    >
      <section>
        <h2>
          <Trans>What we collect</Trans>
        </h2>
        <ul>
          <li>
            <Trans>
              Account details: username, email address, optional first and last name, and an optional profile image.
            </Trans>
          </li>
          <li>
            <Trans>
              What you create: {PRODUCT_NAME} titles, box contents (text, images, movie, TV and restaurant picks),
              hashtags and reactions.
            </Trans>
          </li>
          <li>
            <Trans>Social activity: friend requests, friendships, chat messages and notifications.</Trans>
          </li>
          <li>
            <Trans>Usage events such as page views and feature use, stored by us to improve the product.</Trans>
          </li>
        </ul>
      </section>
      <section>
        <h2>
          <Trans>How we use it</Trans>
        </h2>
        <p>
          <Trans>
            To run the service: show your {PRODUCT_NAME_PLURAL} to the people you choose, reveal boxes, deliver messages
            and notifications, count achievements and streaks, and keep accounts secure. We do not sell personal data.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>Who can see what</Trans>
        </h2>
        <ul>
          <li>
            <Trans>Private {PRODUCT_NAME_PLURAL} are visible only to you and the friends you send them to.</Trans>
          </li>
          <li>
            <Trans>Shareable links can be opened by anyone who has the link, until they expire.</Trans>
          </li>
          <li>
            <Trans>
              Public {PRODUCT_NAME_PLURAL} appear on the explore page. Your public profile shows your username, name,
              avatar and achievements, never your email.
            </Trans>
          </li>
          <li>
            <Trans>Box contents stay hidden on our servers until a participant opens a box.</Trans>
          </li>
        </ul>
      </section>
      <section>
        <h2>
          <Trans>Images</Trans>
        </h2>
        <p>
          <Trans>
            Uploaded images are re-encoded on our servers, which removes hidden metadata such as camera details and GPS
            location.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>Security and retention</Trans>
        </h2>
        <p>
          <Trans>
            Passwords are stored only as strong one-way hashes. You can delete {PRODUCT_NAME_PLURAL} you created at any
            time; deleting your account removes your data from our active systems.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>Children</Trans>
        </h2>
        <p>
          <Trans>
            {PRODUCT_NAME} is not intended for anyone under 13, and we do not knowingly collect data from children under
            13.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>Contact</Trans>
        </h2>
        <p>
          <Trans>
            Questions about privacy: <SupportEmailLink />.
          </Trans>
        </p>
      </section>
    </LegalPage>
  );
}
