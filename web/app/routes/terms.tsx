import { PRODUCT_NAME, PRODUCT_NAME_PLURAL } from '@contract/product';
import { REPORT_REVIEW_HOURS, TERMS_VERSION } from '@contract/terms';
import { LegalPage, SupportEmailLink } from '@/features/legal/components/legal-page';

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={`By using ${PRODUCT_NAME} you agree to these terms. Please read them carefully.`}
    >
      <section>
        <h2>Eligibility</h2>
        <p>
          You must be at least 13 years old to use {PRODUCT_NAME}. If local law requires a higher age, that age applies.
        </p>
      </section>
      <section>
        <h2>Your account</h2>
        <ul>
          <li>One account per person. Accounts are personal and may not be shared or sold.</li>
          <li>Keep your password safe; you are responsible for what happens under your account.</li>
          <li>Usernames must not impersonate others or be offensive.</li>
        </ul>
      </section>
      <section>
        <h2>Your content</h2>
        <p>
          You keep ownership of what you upload. You give us the permission we need to store it and show it to the
          people you share it with. Only upload content you have the right to share.
        </p>
      </section>
      <section>
        <h2>Acceptable use</h2>
        <ul>
          <li>No harassment, hate, illegal content, spam or sexual content involving minors.</li>
          <li>No attempts to break, overload or get around the security of the service.</li>
          <li>No automated scraping or mass account creation.</li>
        </ul>
      </section>
      <section>
        <h2>Zero tolerance for objectionable content and abusive users</h2>
        <p>
          There is no place on {PRODUCT_NAME} for objectionable content or abusive behaviour. That includes sexual or
          pornographic content, hate speech, harassment and bullying, threats and violence, content that encourages
          self-harm, and spam or scams, in {PRODUCT_NAME_PLURAL}, boxes, images, chat messages, usernames and profiles.
        </p>
        <p>
          We remove such content and suspend or permanently ban the accounts that post it or abuse other people, without
          notice.
        </p>
      </section>
      <section>
        <h2>Automatic checks</h2>
        <p>
          Usernames, names and public {PRODUCT_NAME_PLURAL} are checked against a list of objectionable words. A
          username or name that matches is refused. A public {PRODUCT_NAME} that matches waits for a moderator before it
          appears on Explore.
        </p>
      </section>
      <section>
        <h2>Reporting and blocking</h2>
        <ul>
          <li>
            Report a {PRODUCT_NAME}, a profile, a chat message or an image with the Report option in its menu, and say
            what is wrong.
          </li>
          <li>
            Our moderators review every report within {REPORT_REVIEW_HOURS} hours. They remove content that breaks these
            terms and suspend or ban the accounts responsible. You are told the outcome; the person you reported is
            never told who reported them.
          </li>
          <li>
            Block someone from their profile, the chat header, a {PRODUCT_NAME} page or a notification&apos;s menu. They
            can no longer send you friend requests, messages or {PRODUCT_NAME_PLURAL}, and neither of you sees the
            other&apos;s public {PRODUCT_NAME_PLURAL}. They are not told. You can unblock them in Settings.
          </li>
        </ul>
      </section>
      <section>
        <h2>The service</h2>
        <p>
          {PRODUCT_NAME} is in open beta and provided as is. Features may change. We may suspend accounts that break
          these terms.
        </p>
      </section>
      <section>
        <h2>Changes to these terms</h2>
        <p>
          This is version {TERMS_VERSION} of the terms. When they change, we ask you to read and accept the new version
          the next time you open {PRODUCT_NAME}.
        </p>
      </section>
      <section>
        <h2>Contact</h2>
        <p>
          Questions about these terms: <SupportEmailLink />.
        </p>
      </section>
    </LegalPage>
  );
}
