import { ArrowRight } from 'lucide-react';
import { LOGIN_URL, SIGN_IN_URL } from '@/lib/auth/login-url';

export function FinalCta() {
  return (
    <section
      aria-labelledby="cta-title"
      className="relative isolate overflow-hidden bg-linear-to-br from-brand-700 via-brand-800 to-brand-950"
    >
      <div
        aria-hidden="true"
        className="absolute -right-24 -bottom-40 -z-10 size-[30rem] rounded-full bg-brand-400/25 blur-3xl"
      />
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24 lg:px-8">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
          Spend less time marketing and more time on the job
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-brand-50">
          Start your free 14-day trial today. No setup fees, cancel anytime, and you’ll be set up in under 5 minutes.
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <a
            href={LOGIN_URL}
            className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg bg-white px-6 text-base font-semibold text-brand-800 shadow-sm hover:bg-brand-50 sm:w-auto"
          >
            Get Started
            <ArrowRight aria-hidden="true" className="size-4" />
          </a>
          <p className="text-sm text-brand-50">
            Already have an account?{' '}
            <a href={SIGN_IN_URL} className="font-semibold text-white underline underline-offset-4">
              Log in
            </a>
          </p>
        </div>
      </div>
    </section>
  );
}
