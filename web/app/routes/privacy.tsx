import { PRODUCT_NAME, PRODUCT_NAME_PLURAL } from '@contract/product';
import { LegalPage, SupportEmailLink } from '@/features/legal/components/legal-page';

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={`${PRODUCT_NAME} helps you make decisions with friends. This policy explains what we collect, why, and the choices you have.`}
    >
      <section>
        <h2>What we collect</h2>
        <ul>
          <li>
            Account details: username, email address, optional first and last name, and an optional profile image.
          </li>
          <li>
            What you create: {PRODUCT_NAME} titles, box contents (text, images, movie, TV and restaurant picks),
            hashtags and reactions.
          </li>
          <li>Social activity: friend requests, friendships, chat messages and notifications.</li>
          <li>Usage events such as page views and feature use, stored by us to improve the product.</li>
        </ul>
      </section>
      <section>
        <h2>How we use it</h2>
        <p>
          To run the service: show your {PRODUCT_NAME_PLURAL} to the people you choose, reveal boxes, deliver messages
          and notifications, count achievements and streaks, and keep accounts secure. We do not sell personal data.
        </p>
      </section>
      <section>
        <h2>Who can see what</h2>
        <ul>
          <li>Private {PRODUCT_NAME_PLURAL} are visible only to you and the friends you send them to.</li>
          <li>Shareable links can be opened by anyone who has the link, until they expire.</li>
          <li>
            Public {PRODUCT_NAME_PLURAL} appear on the explore page. Your public profile shows your username, name,
            avatar and achievements, never your email.
          </li>
          <li>Box contents stay hidden on our servers until a participant opens a box.</li>
        </ul>
      </section>
      <section>
        <h2>Images</h2>
        <p>
          Uploaded images are re-encoded on our servers, which removes hidden metadata such as camera details and GPS
          location.
        </p>
      </section>
      <section>
        <h2>Security and retention</h2>
        <p>
          Passwords are stored only as strong one-way hashes. You can delete {PRODUCT_NAME_PLURAL} you created at any
          time; deleting your account removes your data from our active systems.
        </p>
      </section>
      <section>
        <h2>Children</h2>
        <p>
          {PRODUCT_NAME} is not intended for anyone under 13, and we do not knowingly collect data from children under
          13.
        </p>
      </section>
      <section>
        <h2>Contact</h2>
        <p>
          Questions about privacy: <SupportEmailLink />.
        </p>
      </section>
    </LegalPage>
  );
}
