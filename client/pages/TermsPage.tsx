import { Link } from 'react-router-dom';
import { usePageTitle } from '../lib/usePageTitle.ts';
import { CONTACT_EMAIL } from '../components/layout/Footer.tsx';
import { LegalPage, type LegalSection } from '../components/legal/LegalPage.tsx';

const mail = <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>;

const sections: LegalSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <p>
        These terms apply to everyone who uses Rith: visitors reading results, athletes registering
        for competitions, and clubs or organisations that publish competitions. By using the site
        you accept them. If you use Rith for a club, you confirm you may accept them on its behalf.
      </p>
    ),
  },
  {
    id: 'service',
    title: 'The service',
    body: (
      <>
        <p>
          Rith publishes athletics competitions, events, start lists and results, including results
          sent straight from a finish-camera timing system or entered by hand. We aim to keep the
          site available and accurate, but we provide it &quot;as is&quot; and may change, pause or
          withdraw features.
        </p>
        <p>
          Results shown as <strong>Unofficial</strong> may still change. Only the organising club
          and its officials can confirm official results; for any dispute, contact the organiser.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts',
    body: (
      <ul>
        <li>Give accurate details when you register and keep them up to date.</li>
        <li>
          Keep your password secret. You are responsible for what happens under your account; tell
          us at once at {mail} if you think it has been misused.
        </li>
        <li>
          A club account may be used only by that club&apos;s authorised staff and volunteers.
        </li>
      </ul>
    ),
  },
  {
    id: 'club-content',
    title: 'Club content and responsibilities',
    body: (
      <>
        <p>
          Clubs remain responsible for the competitions, timetables, start lists, results and
          photo-finish images they upload. By uploading, a club confirms that:
        </p>
        <ul>
          <li>it is entitled to publish the content;</li>
          <li>
            it has informed its athletes, as data-protection law requires, that their entries and
            results will be published;
          </li>
          <li>it will correct or remove content that is wrong on request.</li>
        </ul>
        <p>
          The club grants Rith a licence to host, display and share that content for as long as it
          is published. Rith processes athletes&apos; personal data in that content on the
          club&apos;s behalf, as described in our <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You must not:</p>
        <ul>
          <li>upload false, unlawful, offensive or infringing material, or malicious files;</li>
          <li>try to access accounts or data that are not yours, or to disrupt the service;</li>
          <li>scrape or copy the site in bulk, other than sharing links to results pages.</li>
        </ul>
        <p>We may remove content or suspend accounts that break these terms.</p>
      </>
    ),
  },
  {
    id: 'plans',
    title: 'Plans, trials and payment',
    body: (
      <>
        <p>
          Features depend on the plan shown on our <Link to="/pricing">pricing page</Link>. The free
          Recreational plan is limited to 3 competitions. After a demo, free 30-day access can be
          applied for. Plans marked Most Popular require a 1 year commitment.
        </p>
        <p>
          Paid plans are marked Coming Soon until they can be bought. When they launch, prices,
          billing periods and renewal terms will be shown before you pay, and card payments will be
          handled by our payment provider. Consumers keep all rights given by Irish and EU law.
        </p>
      </>
    ),
  },
  {
    id: 'ip',
    title: 'Intellectual property',
    body: (
      <p>
        The Rith name, logo, software and site design belong to Rith. Results data belongs to the
        clubs and organisers that publish it. You may view results and share links to them.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <p>
        We are not liable for errors in content uploaded by clubs, for losses caused by events
        outside our reasonable control, or for indirect losses. Our total liability to a club is
        limited to the fees it paid us in the 12 months before the claim. Nothing in these terms
        limits liability that cannot be limited by law, including for death or personal injury
        caused by negligence, or for fraud.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Ending the service',
    body: (
      <p>
        You can stop using Rith at any time, and a club can ask us to close its account at {mail}.
        We may suspend or close an account that seriously or repeatedly breaks these terms, and we
        will give reasonable notice before ending the service as a whole.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Changes, law and contact',
    body: (
      <p>
        We may update these terms and will post the new version here with a new date; material
        changes will be notified to account holders. These terms are governed by the laws of
        Ireland, and the Irish courts have jurisdiction, without taking away any consumer&apos;s
        right to bring a claim where they live. Questions? E-mail {mail}.
      </p>
    ),
  },
];

export function TermsPage() {
  usePageTitle('Terms of Service');
  return (
    <LegalPage
      title="Terms of Service"
      updated="22 November 2026"
      intro={
        <p>
          Please read these terms before using Rith, the live athletics results platform made in
          Ireland.
        </p>
      }
      sections={sections}
    />
  );
}
