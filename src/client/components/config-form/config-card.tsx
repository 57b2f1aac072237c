import type { ReactNode } from 'react';
import { Lock } from 'lucide-react';
import type { TSettingsSection } from '@shared/schemas/settings';
import { Button } from '@/components/ui/button';
import { ConnectedBadge } from './connected-badge';
import { RemoveConfigButton } from './remove-config-button';
import { SettingsCard } from './settings-card';
import type { ConfigForm } from './use-config-form';

export const READ_ONLY_NOTE = 'You can view these settings. A manager or admin of your business can change them.';

interface ConfigCardProps {
  id: string;
  title: string;
  description: ReactNode;
  section: TSettingsSection;
  configured: boolean;
  canEdit: boolean;
  form: Pick<ConfigForm, 'submit' | 'saving' | 'removeConfig' | 'removing' | 'generation'>;
  saveLabel: string;
  /** For the removal dialog: what the section is called and what removing it stops. */
  removal: { what: string; consequence: string };
  /** Extra buttons beside Save (Test connection); like saving, only for a manager or admin. */
  actions?: ReactNode;
  /** Shown under the buttons (a connection test's result). */
  footer?: ReactNode;
  badgeLabel?: string;
  children: ReactNode;
}

/**
 * A settings section as one form: fields (read-only for a plain user), Save, optional extra
 * actions, and Remove configuration once something is stored.
 */
export function ConfigCard({
  id,
  title,
  description,
  section,
  configured,
  canEdit,
  form,
  saveLabel,
  removal,
  actions,
  footer,
  badgeLabel,
  children,
}: ConfigCardProps) {
  return (
    <SettingsCard
      id={`${id}-title`}
      title={title}
      description={description}
      badge={configured ? <ConnectedBadge label={badgeLabel} /> : null}
    >
      <form
        noValidate
        onSubmit={form.submit}
        aria-labelledby={`${id}-title`}
        data-section={section}
        className="space-y-6"
      >
        {canEdit ? null : (
          <p className="flex items-start gap-2 rounded-lg bg-slate-100 px-3 py-2.5 text-sm text-slate-700">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {READ_ONLY_NOTE}
          </p>
        )}
        <fieldset key={form.generation} disabled={!canEdit} className="min-w-0 space-y-5">
          {children}
        </fieldset>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          {canEdit ? (
            <Button type="submit" disabled={form.saving}>
              {form.saving ? 'Saving...' : saveLabel}
            </Button>
          ) : null}
          {canEdit ? actions : null}
          {canEdit && configured ? (
            <div className="sm:ml-auto">
              <RemoveConfigButton
                what={removal.what}
                consequence={removal.consequence}
                removing={form.removing}
                onConfirm={form.removeConfig}
              />
            </div>
          ) : null}
        </div>
        {footer}
      </form>
    </SettingsCard>
  );
}
