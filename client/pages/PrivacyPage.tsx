import { Link } from 'react-router-dom';
import { usePageTitle } from '../lib/usePageTitle.ts';
import { CONTACT_EMAIL } from '../components/layout/Footer.tsx';
import { LegalPage, type LegalSection } from '../components/legal/LegalPage.tsx';

const mail = <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>;

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          Rith is an athletics results platform operated from Ireland. Clubs and organisations use
          it to publish competitions, start lists and results, and athletes use it to register for
          competitions.
        </p>
        <p>
          For the personal data described in this policy that we decide how to use (for example our
          waiting list, club accounts and website analytics), Rith is the data controller. For
          entries and results that a club publishes about its own competitions, the organising club
          is the controller and Rith processes that data on the club&apos;s behalf.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <>
        <h3>Waiting list and demo requests</h3>
        <p>When you join the waiting list to book a free demo, we collect your e-mail address.</p>
        <h3>Registration</h3>
        <ul>
          <li>
            <strong>Athletes</strong>: your e-mail address, name, date of birth, gender, address,
            phone number, country, club or association (optional), optional social media handles,
            and an emergency contact name and phone number.
          </li>
          <li>
            <strong>Clubs and organisations</strong>: the club name, address and web address, the
            manager&apos;s name, e-mail address and phone number, the timing system you use, the
            package you choose and a password (stored only as a secure hash).
          </li>
        </ul>
        <h3>Results and start lists</h3>
        <p>
          Organising clubs upload start lists, results and photo-finish images. These usually
          contain an athlete&apos;s name, bib number, club, category, lane, performance and place,
          and are published on public results pages, as is normal practice in athletics.
        </p>
        <h3>Analytics, only with your consent</h3>
        <p>
          If you accept analytics cookies in the cookie notice, we record which pages are viewed and
          a few interactions (such as clicks on buttons, the home banner, share links and footer
          links) through a third-party analytics service. Without your consent no analytics are
          collected.
        </p>
        <h3>Technical data</h3>
        <p>
          Our servers keep short-lived logs (IP address, browser type, pages requested and the time)
          to keep the service secure and working.
        </p>
      </>
    ),
  },
  {
    id: 'why',
    title: 'Why we use it and our legal basis',
    body: (
      <div
        className="legal-table-wrap"
        role="region"
        aria-label="Purposes and legal bases"
        tabIndex={0}
      >
        <table className="legal-table">
          <caption className="visually-hidden">Purposes and legal bases</caption>
          <thead>
            <tr>
              <th scope="col">Purpose</th>
              <th scope="col">Legal basis (GDPR)</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Contacting you about a demo and free 30-day access</td>
              <td>Consent (Art. 6(1)(a)); you can withdraw it at any time</td>
            </tr>
            <tr>
              <td>Registering athletes for competitions and passing entries to the organiser</td>
              <td>Performance of a contract (Art. 6(1)(b))</td>
            </tr>
            <tr>
              <td>Creating and running club accounts and subscriptions</td>
              <td>Performance of a contract (Art. 6(1)(b))</td>
            </tr>
            <tr>
              <td>Publishing start lists and results for organising clubs</td>
              <td>The organiser&apos;s legitimate interest in publishing results (Art. 6(1)(f))</td>
            </tr>
            <tr>
              <td>Website analytics</td>
              <td>Consent (Art. 6(1)(a)), given in the cookie notice</td>
            </tr>
            <tr>
              <td>Security, fraud prevention and server logs</td>
              <td>Our legitimate interest in a safe, working service (Art. 6(1)(f))</td>
            </tr>
            <tr>
              <td>Keeping accounting and tax records</td>
              <td>Legal obligation (Art. 6(1)(c))</td>
            </tr>
          </tbody>
        </table>
      </div>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and browser storage',
    body: (
      <>
        <ul>
          <li>
            <strong>Strictly necessary</strong>: a session cookie that keeps club administrators
            signed in, and small browser-storage entries that remember your cookie choice, whether
            you have seen the home banner, and the club and competition you last viewed. These do
            not track you and need no consent.
          </li>
          <li>
            <strong>Analytics</strong>: set only after you press Accept in the cookie notice.
            Closing the notice without accepting keeps analytics off.
          </li>
        </ul>
        <p>
          You can withdraw consent at any time by clearing this site&apos;s cookies and storage in
          your browser; the cookie notice will then ask again.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We never sell personal data. We share it only with:</p>
        <ul>
          <li>the organising club of a competition you register for;</li>
          <li>
            service providers that host the platform, deliver our e-mails and, once paid plans
            launch, process card payments;
          </li>
          <li>our analytics provider, only if you consented;</li>
          <li>authorities, where the law requires it.</li>
        </ul>
        <p>
          Where a provider processes data outside the European Economic Area, we rely on an adequacy
          decision or the European Commission&apos;s Standard Contractual Clauses.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>
          Waiting-list e-mail addresses: until you ask us to remove them, and at most 12 months.
        </li>
        <li>
          Athlete registrations: for as long as the organiser needs them for the competition, and at
          most 24 months after it.
        </li>
        <li>
          Club accounts: while the account is active; deleted within 12 months of closing it, except
          invoices, which Irish law requires us to keep for 6 years.
        </li>
        <li>
          Results and start lists: kept as the historical record of the competition unless the
          organising club removes them.
        </li>
        <li>Server logs: 30 days. Analytics data: at most 14 months.</li>
      </ul>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under the GDPR you have the right to:</p>
        <ul>
          <li>access the personal data we hold about you and get a copy of it;</li>
          <li>have inaccurate data corrected;</li>
          <li>have your data erased, or its use restricted;</li>
          <li>object to processing based on legitimate interests;</li>
          <li>receive data you gave us in a portable format;</li>
          <li>withdraw consent at any time, without affecting earlier processing.</li>
        </ul>
        <p>
          To use these rights, e-mail {mail}. We reply within one month. For a published result, we
          will pass your request to the organising club, which decides on it. You may also complain
          to the Data Protection Commission, 21 Fitzwilliam Square South, Dublin 2, D02 RD28,
          Ireland (<a href="https://www.dataprotection.ie">www.dataprotection.ie</a>).
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Athletes under 16 should be registered by a parent or guardian. Clubs publishing results of
        juvenile athletes are responsible for following the safeguarding and data-protection rules
        of their governing body.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Data travels over encrypted connections, passwords are stored only as strong one-way hashes,
        and administrator access is limited to the staff of each club. No system is perfectly
        secure; if a breach affects you, we will tell you and the Data Protection Commission as the
        law requires.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    body: (
      <p>
        We will post any change to this policy on this page and update the date above. Questions
        about privacy? E-mail {mail}. See also our <Link to="/terms">Terms of Service</Link>.
      </p>
    ),
  },
];

export function PrivacyPage() {
  usePageTitle('Privacy Policy');
  return (
    <LegalPage
      title="Privacy Policy"
      updated="22 November 2026"
      intro={
        <p>
          This policy explains what personal data Rith collects, why, how long we keep it, and the
          rights you have under the EU General Data Protection Regulation (GDPR) and the Irish Data
          Protection Act 2018.
        </p>
      }
      sections={sections}
    />
  );
}
