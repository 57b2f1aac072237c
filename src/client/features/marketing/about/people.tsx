import { ArrowRight } from 'lucide-react';
import { LOGIN_URL } from '@/lib/auth/login-url';
import { SectionHeading } from '@/features/marketing/sections/section-heading';
import { AWARDS, initials, TEAM, VALUES } from './about-content';

const AVATAR_COLOURS = [
  'bg-brand-100 text-brand-800',
  'bg-accent-100 text-accent-800',
  'bg-emerald-100 text-emerald-800',
  'bg-violet-100 text-violet-800',
];

export function ValuesSection() {
  return (
    <section aria-labelledby="values-title" className="bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="values-title" eyebrow="Our values" title="What we hold ourselves to">
          Four promises that decide what we build, and what we leave out.
        </SectionHeading>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 text-base font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function TeamSection() {
  return (
    <section aria-labelledby="team-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="team-title" eyebrow="Our team" title="People who have answered the phone at 7 AM">
          Half of us have worked in or for trade businesses. All of us answer support tickets.
        </SectionHeading>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {TEAM.map((member, index) => (
            <li key={member.name} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-4 sm:block">
                <span
                  aria-hidden="true"
                  className={`flex size-16 shrink-0 items-center justify-center rounded-full text-xl font-bold ${AVATAR_COLOURS[index % AVATAR_COLOURS.length]}`}
                >
                  {initials(member.name)}
                </span>
                <div>
                  <h3 className="text-base font-semibold text-slate-900 sm:mt-4">{member.name}</h3>
                  <p className="text-sm font-medium text-brand-700">{member.role}</p>
                </div>
              </div>
              <p className="mt-3 text-sm leading-6 text-slate-600">{member.bio}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function AwardsSection() {
  return (
    <section aria-labelledby="awards-title" className="bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="awards-title" eyebrow="Recognition" title="Awards and recognition" />
        <ul className="mt-12 grid gap-5 md:grid-cols-3">
          {AWARDS.map(({ Icon, title, issuer, year, text }) => (
            <li key={title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center justify-between gap-3">
                <span className="flex size-11 items-center justify-center rounded-xl bg-accent-100 text-accent-800">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                  {year}
                </span>
              </div>
              <h3 className="mt-4 text-base font-semibold text-slate-900">{title}</h3>
              <p className="text-sm font-medium text-slate-700">{issuer}</p>
              <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function JoinMission() {
  return (
    <section
      aria-labelledby="join-title"
      className="relative isolate overflow-hidden bg-linear-to-br from-brand-700 via-brand-800 to-brand-950"
    >
      <div
        aria-hidden="true"
        className="absolute -right-24 -bottom-40 -z-10 size-[30rem] rounded-full bg-brand-400/25 blur-3xl"
      />
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24 lg:px-8">
        <h2 id="join-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
          Help us give every trade business a marketing department
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-brand-50">
          Join the 10,000+ businesses already using Fieldwise. Your free 14-day trial starts today, with no credit card
          and no setup fees.
        </p>
        <a
          href={LOGIN_URL}
          className="mt-8 inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg bg-white px-6 text-base font-semibold text-brand-800 shadow-sm hover:bg-brand-50 sm:w-auto"
        >
          Join Our Mission
          <ArrowRight aria-hidden="true" className="size-4" />
        </a>
      </div>
    </section>
  );
}
