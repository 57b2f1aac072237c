import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { usePageMeta } from '@/lib/use-page-meta';

/** Who to write to about the account, the terms or personal data. */
const SUPPORT_EMAIL = 'support@fieldwise.app';
const LEGAL_LAST_UPDATED = 'November 22, 2026';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** A plain, readable legal document: title, date, numbered sections. */
export function LegalPage({
  title,
  description,
  intro,
  sections,
}: {
  title: string;
  description: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  usePageMeta(`${title} · Fieldwise`, description);
  return (
    <article className="w-full max-w-3xl rounded-xl border border-slate-200 bg-white px-5 py-8 shadow-sm sm:px-10 sm:py-10">
      <div className="border-b border-slate-200 pb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-2 text-sm text-slate-500">Last updated {LEGAL_LAST_UPDATED}</p>
        <div className="mt-4 text-base leading-7 text-slate-700">{intro}</div>
      </div>
      <ol className="mt-6 space-y-8">
        {sections.map((section, index) => (
          <li key={section.heading}>
            <section aria-labelledby={`legal-${index}`}>
              <h2 id={`legal-${index}`} className="text-lg font-semibold text-slate-900">
                {index + 1}. {section.heading}
              </h2>
              <div className="mt-2 space-y-3 text-base leading-7 text-slate-700 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5">
                {section.body}
              </div>
            </section>
          </li>
        ))}
      </ol>
      <div className="mt-10 flex flex-col gap-3 border-t border-slate-200 pt-6 text-sm text-slate-600 sm:flex-row sm:justify-between">
        <p>
          Questions? Write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-brand-700 hover:underline">
            {SUPPORT_EMAIL}
          </a>
          .
        </p>
        <Link href="/" className="rounded-sm font-semibold text-brand-700 hover:underline">
          Back to Fieldwise
        </Link>
      </div>
    </article>
  );
}

export function MailLink() {
  return (
    <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-brand-700 hover:underline">
      {SUPPORT_EMAIL}
    </a>
  );
}
