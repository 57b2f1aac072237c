import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { usePreferences, useSavePreferences } from './analytics-api';

/** Settings → Notifications: the Monday website report mail to the business's owners. */
export function NotificationsTab({ canEdit }: { canEdit: boolean }) {
  const id = useId();
  const prefs = usePreferences();
  const save = useSavePreferences();
  const on = prefs.data?.weeklyEmail ?? true;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>Mail we send the business’s owners.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start gap-3">
          <input
            id={id}
            type="checkbox"
            className="mt-1 size-4 accent-brand-600"
            checked={on}
            disabled={!canEdit || prefs.isPending || save.isPending}
            onChange={(e) =>
              save.mutate(
                { weeklyEmail: e.target.checked },
                {
                  onSuccess: (d) =>
                    toast({
                      title: 'Notifications Saved',
                      description: d.weeklyEmail ? 'The weekly report mail is on.' : 'The weekly report mail is off.',
                    }),
                  onError: (err) => toast({ title: 'Error', description: err.message, variant: 'destructive' }),
                },
              )
            }
          />
          <label htmlFor={id} className="text-sm">
            <span className="font-medium text-slate-900">Weekly website report</span>
            <span className="block text-slate-600">
              Every Monday morning (your business’s time zone) the owners get last week’s visits, conversions and top
              source, when Google Analytics is connected.
              {canEdit ? '' : ' Only a manager or admin can change this.'}
            </span>
          </label>
        </div>
      </CardContent>
    </Card>
  );
}
