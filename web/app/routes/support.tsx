import { PRODUCT_NAME } from '@contract/product';
import { LegalPage, SupportEmailLink } from '@/features/legal/components/legal-page';

export default function SupportPage() {
  return (
    <LegalPage title="Support" intro="Need a hand? Here are answers to common questions, and how to reach us.">
      <section>
        <h2>Contact us</h2>
        <p>
          Email <SupportEmailLink /> and we will get back to you within two working days.
        </p>
      </section>
      <section>
        <h2>Creating a {PRODUCT_NAME}</h2>
        <p>
          Pick a template, add a title and fill at least two of the four boxes. Then choose who gets it: friends, anyone
          with a link, or the public explore page.
        </p>
      </section>
      <section>
        <h2>Images</h2>
        <p>Images may be JPG, PNG, GIF or SVG, up to 5MB each.</p>
      </section>
      <section>
        <h2>Opening boxes</h2>
        <p>Each participant can open exactly one box. The creator sees who opened which box, live.</p>
      </section>
      <section>
        <h2>Account problems</h2>
        <p>
          Can't sign in? Check the username and password; after several failed attempts sign-in pauses for a few minutes
          to protect your account.
        </p>
      </section>
    </LegalPage>
  );
}
