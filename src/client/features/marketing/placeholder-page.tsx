import { Link } from 'wouter';
import { LOGIN_URL } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { BeingBuilt } from '@/features/shell/being-built';
import { usePageMeta } from '@/lib/use-page-meta';

const PAGES = {
  onboarding: {
    title: 'Get set up',
    area: 'Guided onboarding',
    description: 'Tell Fieldwise about your business and get a marketing plan in under 5 minutes.',
  },
  godaddy: {
    title: 'Domain registrar',
    area: 'The domain registrar connection',
    description: 'Connect your domain registrar to Fieldwise.',
  },
} as const;

export type MarketingPlaceholderKey = keyof typeof PAGES;

export default function PlaceholderPage({ page }: { page: MarketingPlaceholderKey }) {
  const { title, area, description } = PAGES[page];
  usePageMeta(`${title} · Fieldwise`, description);

  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24">
      <h1 className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mx-auto mt-4 max-w-xl text-center text-lg text-slate-600">{description}</p>
      <BeingBuilt area={area} className="mt-10">
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild>
            <a href={LOGIN_URL}>Start Free Trial</a>
          </Button>
          <Button asChild variant="outline">
            <Link href="/">Back to the home page</Link>
          </Button>
        </div>
      </BeingBuilt>
    </div>
  );
}
