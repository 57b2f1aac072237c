import { Link } from 'wouter';
import { LegalPage, MailLink, type LegalSection } from './legal-page';

const link = 'font-semibold text-brand-700 hover:underline';

const SECTIONS: LegalSection[] = [
  {
    heading: 'What we store',
    body: (
      <ul>
        <li>
          <strong>Your account:</strong> name, email address, role, when you joined and last signed in. Your password is
          stored only as a one-way hash (argon2id); nobody at Fieldwise can read it.
        </li>
        <li>
          <strong>Your business:</strong> the profile you fill in (name, address, phone, website, industry, time zone).
        </li>
        <li>
          <strong>What you put in:</strong> leads and their contact details, reviews, posts, keywords, goals and website
          content.
        </li>
        <li>
          <strong>Connection settings</strong> for services you link, such as WordPress, Twilio, Google Analytics and
          social networks.
        </li>
        <li>
          <strong>Security records:</strong> sign-in times, the account emails we sent you (verification and password
          reset), and server logs that include the IP address of each request.
        </li>
      </ul>
    ),
  },
  {
    heading: 'How we keep it safe',
    body: (
      <ul>
        <li>
          Passwords, API keys and access tokens for the services you connect are encrypted before they are stored
          (AES-256-GCM). Once saved they are never shown back in full, not even to you.
        </li>
        <li>Each business's data is kept separate from every other business's.</li>
        <li>
          We use one cookie, to keep you signed in. It cannot be read by scripts on the page, and signing out ends the
          session on our side too.
        </li>
      </ul>
    ),
  },
  {
    heading: 'How we use it',
    body: (
      <>
        <p>
          Only to run Fieldwise for you: to show your data back to you, publish what you ask us to publish, send account
          emails, keep accounts secure, and fix problems.
        </p>
        <p>
          When you use an AI feature, the text needed for that request is sent to the AI provider that produces the
          answer (for example Anthropic or OpenAI), under their business terms, and to nobody else.
        </p>
      </>
    ),
  },
  {
    heading: 'We do not sell your data',
    body: (
      <p>
        We never sell or rent your data or your customers' data, and we do not use it for advertising. We share it only
        with the providers we need to run the service (hosting, email delivery, the AI provider above, and services you
        connect yourself), or when the law requires it.
      </p>
    ),
  },
  {
    heading: "Your customers' data",
    body: (
      <p>
        For the leads and reviews you keep in Fieldwise, you decide what is collected and why; we process that data on
        your behalf and only as you instruct. If one of your customers asks you to delete their details, you can delete
        the lead, or ask us to help.
      </p>
    ),
  },
  {
    heading: 'Deleting your account',
    body: (
      <>
        <p>
          Write to <MailLink /> from the email address on your account and ask us to delete it. We will confirm, then
          delete your account and your business's data within 30 days. Copies in backups are overwritten within a
          further 30 days.
        </p>
        <p>If you would like a copy of your data first, ask in the same email and we will send it to you.</p>
      </>
    ),
  },
  {
    heading: 'Your rights and contact',
    body: (
      <p>
        You can ask to see, correct, export or delete your personal data at any time by writing to <MailLink />. You can
        change your name yourself in Settings. See also our{' '}
        <Link href="/terms" className={link}>
          Terms of Service
        </Link>
        .
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      description="What Fieldwise stores, how it is protected, and how to delete your account."
      intro={
        <p>
          The short version: we store what we need to run Fieldwise for you, we encrypt the keys to your other accounts,
          we never sell your data, and you can have it deleted at any time.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
