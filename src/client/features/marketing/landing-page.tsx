import { usePageMeta } from '@/lib/use-page-meta';
import { Capabilities } from './sections/capabilities';
import { Comparison } from './sections/comparison';
import { FinalCta } from './sections/final-cta';
import { Hero } from './sections/hero';
import { HowItWorks } from './sections/how-it-works';
import { StatsBand } from './sections/stats-band';
import { Testimonials } from './sections/testimonials';
import { TradesStrip } from './sections/trades-strip';

const LANDING_TITLE = 'Fieldwise — Marketing and lead management for field-service businesses';
const LANDING_DESCRIPTION =
  'Fieldwise turns finished jobs into social posts, website visits into scored leads and happy customers into five-star reviews — built for HVAC, plumbing, electrical, landscaping, roofing and cleaning businesses. Free 14-day trial.';

export default function LandingPage() {
  usePageMeta(LANDING_TITLE, LANDING_DESCRIPTION);
  return (
    <>
      <Hero />
      <TradesStrip />
      <StatsBand />
      <Capabilities />
      <HowItWorks />
      <Comparison />
      <Testimonials />
      <FinalCta />
    </>
  );
}
