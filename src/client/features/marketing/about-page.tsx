import { usePageMeta } from '@/lib/use-page-meta';
import { AwardsSection, JoinMission, TeamSection, ValuesSection } from './about/people';
import { AboutStats, AboutStory } from './about/story';

const ABOUT_TITLE = 'About · Fieldwise';
const ABOUT_DESCRIPTION =
  'Fieldwise was started in a family HVAC business to give small field-service companies the marketing department they never had. Meet the team, our values and our mission.';

export default function AboutPage() {
  usePageMeta(ABOUT_TITLE, ABOUT_DESCRIPTION);
  return (
    <>
      <section
        aria-labelledby="about-title"
        className="relative isolate overflow-hidden bg-linear-to-b from-brand-50 via-white to-white"
      >
        <div
          aria-hidden="true"
          className="absolute -top-40 left-[-10rem] -z-10 size-[32rem] rounded-full bg-accent-200/30 blur-3xl"
        />
        <div className="mx-auto max-w-4xl px-4 pt-14 pb-14 text-center sm:px-6 sm:pt-20 sm:pb-20 lg:px-8">
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">About Fieldwise</p>
          <h1
            id="about-title"
            className="mt-3 text-[2rem] leading-tight font-extrabold tracking-tight text-balance text-slate-900 min-[400px]:text-4xl sm:text-5xl"
          >
            We build the marketing department <span className="text-brand-600">small trade businesses never had</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-pretty text-slate-600">
            Heating and cooling, plumbing, electrical, landscaping, roofing, cleaning: the businesses that keep homes
            running are usually too busy doing the work to market it. Fieldwise does that part for them.
          </p>
        </div>
      </section>
      <AboutStats />
      <AboutStory />
      <ValuesSection />
      <TeamSection />
      <AwardsSection />
      <JoinMission />
    </>
  );
}
