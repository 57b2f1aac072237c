import { Link } from 'wouter';
import { LegalPage, MailLink, type LegalSection } from './legal-page';

const link = 'font-semibold text-brand-700 hover:underline';

const SECTIONS: LegalSection[] = [
  {
    heading: 'What Fieldwise is',
    body: (
      <p>
        Fieldwise is an online service that helps small field-service businesses with marketing and leads: social posts,
        lead tracking, review replies, reports, keyword tracking, website publishing and an AI coach. These terms are
        the agreement between you and us when you use it.
      </p>
    ),
  },
  {
    heading: 'Your account',
    body: (
      <ul>
        <li>
          Give us accurate details and keep your password to yourself. You are responsible for what happens under your
          account.
        </li>
        <li>If you invite staff to your business, you are responsible for what they do in it.</li>
        <li>
          Tell us straight away at <MailLink /> if you think someone else has got into your account.
        </li>
      </ul>
    ),
  },
  {
    heading: 'Trial, plans and cancelling',
    body: (
      <p>
        New accounts get a free 14-day trial. After that, a paid plan is needed to keep using the service. There are no
        setup fees and you can cancel at any time; cancelling stops the next payment, and we do not refund part of a
        period already paid for unless the law requires it. Prices are shown on the pricing page before you pay.
      </p>
    ),
  },
  {
    heading: 'Your content stays yours',
    body: (
      <>
        <p>
          Everything you put into Fieldwise — your business details, leads, posts, reviews and website content — belongs
          to you. You give us permission to store and process it only so we can run the service for you.
        </p>
        <p>
          You must have the right to use what you upload, and to contact the people in your lead lists (for example,
          their consent before you send them text messages).
        </p>
      </>
    ),
  },
  {
    heading: 'AI-written content',
    body: (
      <p>
        Fieldwise can draft posts, replies and pages with AI. Drafts can be wrong or out of date. Read them before you
        publish; what you publish is your responsibility.
      </p>
    ),
  },
  {
    heading: 'Fair use',
    body: (
      <ul>
        <li>No spam, no unlawful, misleading or hateful content, and no fake reviews.</li>
        <li>
          Follow the rules of the services you connect (social networks, WordPress hosts, SMS providers, domain
          registrars).
        </li>
        <li>Do not try to break, overload or get around the security of Fieldwise, or reach other customers' data.</li>
      </ul>
    ),
  },
  {
    heading: 'Connected services',
    body: (
      <p>
        When you connect another service, such as WordPress, Twilio, Google Analytics or a social network, your use of
        it is governed by its own terms. We are not responsible for those services being available or changing how they
        work.
      </p>
    ),
  },
  {
    heading: 'Availability and liability',
    body: (
      <p>
        We work hard to keep Fieldwise running and your data safe, but the service is provided "as is" and we cannot
        promise it will never be interrupted. As far as the law allows, our total liability to you is limited to what
        you paid us in the 12 months before the problem, and we are not liable for lost profits or indirect losses.
      </p>
    ),
  },
  {
    heading: 'Ending the agreement',
    body: (
      <p>
        You can stop at any time and ask us to delete your account (see the{' '}
        <Link href="/privacy" className={link}>
          Privacy Policy
        </Link>
        ). We may suspend or close an account that breaks these terms; where we can, we will warn you first and give you
        the chance to take your data with you.
      </p>
    ),
  },
  {
    heading: 'Changes and contact',
    body: (
      <p>
        If we change these terms in a way that matters, we will tell you by email or in the app before the change takes
        effect. Questions about these terms: <MailLink />.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      description="The plain-English terms for using Fieldwise."
      intro={
        <p>
          The short version: your data is yours, use Fieldwise fairly, check what the AI writes before you publish it,
          and you can leave at any time.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
