import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { LOGIN_URL } from '@/lib/auth/login-url';
import { buttonVariants } from '@/components/ui/button-variants';
import { usePageMeta } from '@/lib/use-page-meta';
import { FeatureGrid } from './features/feature-grid';
import { IntegrationsGrid } from './features/integrations-grid';
import { FinalCta } from './sections/final-cta';
import { CheckList } from './sections/check-list';

const FEATURES_TITLE = 'Features · Fieldwise';
const FEATURES_DESCRIPTION =
  'AI social posts with scheduled publishing, explainable lead scoring, AI-drafted review replies, keyword tracking, analytics reports, WordPress publishing, an AI coach and Felix — built for HVAC, plumbing, electrical and landscaping businesses.';

const HIGHLIGHTS = [
  'Set up in under 5 minutes',
  'Every feature in the free 14-day trial',
  'Connect your accounts when you are ready',
] as const;

export default function FeaturesPage() {
  usePageMeta(FEATURES_TITLE, FEATURES_DESCRIPTION);
  return (
    <>
      <section
        aria-labelledby="features-title"
        className="relative isolate overflow-hidden bg-linear-to-b from-brand-50 via-white to-white"
      >
        <div
          aria-hidden="true"
          className="absolute -top-40 right-[-10rem] -z-10 size-[32rem] rounded-full bg-brand-200/40 blur-3xl"
        />
        <div className="mx-auto max-w-4xl px-4 pt-14 pb-14 text-center sm:px-6 sm:pt-20 sm:pb-20 lg:px-8">
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">Features</p>
          <h1
            id="features-title"
            className="mt-3 text-[2rem] leading-tight font-extrabold tracking-tight text-balance text-slate-900 min-[400px]:text-4xl sm:text-5xl"
          >
            The whole marketing department, <span className="text-brand-600">sized for a trade business</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-pretty text-slate-600">
            Posts that go out while you are on a roof, leads ranked by how likely they are to book, reviews answered the
            same day, and a plain-words report of what is working. Built for HVAC, plumbing, electrical, landscaping,
            roofing and cleaning companies.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <a href={LOGIN_URL} className={buttonVariants({ size: 'lg' })}>
              Start Free Trial
              <ArrowRight aria-hidden="true" />
            </a>
            <Link href="/demo" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              Watch the demo
            </Link>
          </div>
          <CheckList
            items={HIGHLIGHTS}
            className="mx-auto mt-8 flex max-w-2xl flex-col items-center sm:flex-row sm:flex-wrap sm:justify-center"
          />
        </div>
      </section>
      <FeatureGrid />
      <IntegrationsGrid />
      <FinalCta />
    </>
  );
}
