import { PRODUCT_NAME } from '@contract/product';
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
        <h2>The service</h2>
        <p>
          {PRODUCT_NAME} is in open beta and provided as is. Features may change. We may suspend accounts that break
          these terms.
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
