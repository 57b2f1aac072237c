import { MARKETING_ACTIVITIES, SOCIAL_PLATFORMS } from '@shared/onboarding';
import { CheckboxCardGroup } from './choice-group';
import type { StepProps } from './step-props';
import { TextField } from '@/components/ui/form-field';

export const WEBSITE_URL_ID = 'onboarding-website-url';

interface StepMarketingProps extends StepProps {
  websiteError?: string | undefined;
  onWebsiteBlur?: () => void;
}

export function StepMarketing({ profile, update, websiteError, onWebsiteBlur }: StepMarketingProps) {
  return (
    <div className="space-y-8">
      <CheckboxCardGroup
        name="currentMarketing"
        legend="Current marketing"
        hint="Everything you do today, even occasionally."
        options={MARKETING_ACTIVITIES}
        value={profile.currentMarketing}
        onChange={(currentMarketing) => update({ currentMarketing })}
      />
      <CheckboxCardGroup
        name="socialPlatforms"
        legend="Social platforms"
        hint="Where your business has an account."
        options={SOCIAL_PLATFORMS}
        value={profile.socialPlatforms}
        onChange={(socialPlatforms) => update({ socialPlatforms })}
        layout="quad"
      />
      <div className="space-y-4">
        <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-sm font-medium text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 sm:w-fit sm:pr-6">
          <input
            type="checkbox"
            checked={profile.hasWebsite}
            onChange={(event) => update({ hasWebsite: event.target.checked })}
            className="size-5 shrink-0 rounded accent-brand-600 focus-visible:outline-none"
          />
          We have a website
        </label>
        {profile.hasWebsite ? (
          <TextField
            inputClassName="h-11"
            id={WEBSITE_URL_ID}
            label="Website address"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="www.yourbusiness.com"
            value={profile.websiteUrl}
            onChange={(event) => update({ websiteUrl: event.target.value })}
            onBlur={onWebsiteBlur}
            maxLength={300}
            error={websiteError}
            className="sm:max-w-md"
          />
        ) : null}
      </div>
    </div>
  );
}
