import { useLocation, useSearch } from 'wouter';
import { Clock, Sparkles, Target, TrendingUp, Zap } from 'lucide-react';
import { StatCard } from '@/components/stat-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { useCoachMetrics, useGenerateInsights } from './coach-api';
import { InsightsTab } from './insights-tab';
import { GoalsTab } from './goals-tab';
import { CoachAnalyticsTab } from './coach-analytics-tab';
import { RevenueTab } from './revenue-tab';

const TABS = ['insights', 'goals', 'analytics', 'revenue'] as const;
type Tab = (typeof TABS)[number];

/** /ai-coach: Get New Insights, four metric cards and the four tabs (?tab= picks one). */
export default function CoachPage() {
  const search = new URLSearchParams(useSearch());
  const [location, navigate] = useLocation();
  const asked = search.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'insights';
  const metrics = useCoachMetrics();
  const generate = useGenerateInsights({
    onSuccess: (r) =>
      toast({
        title: 'New Insights',
        description: `${r.insights.length} new insight${r.insights.length === 1 ? '' : 's'} from your numbers.`,
      }),
    onError: (e) => toast({ title: 'Error', description: e.message, variant: 'destructive' }),
  });
  const m = metrics.data;
  const value = (f: (x: NonNullable<typeof m>) => string) => (m ? f(m) : metrics.isError ? '—' : null);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-slate-600">
          Insights from your own leads, posts and reviews, and goals that track themselves.
        </p>
        <Button data-hint-target="coach-generate" onClick={() => generate.mutate()} disabled={generate.isPending}>
          {generate.isPending ? <Spinner /> : <Sparkles aria-hidden="true" />}
          Get New Insights
        </Button>
      </div>
      <dl aria-label="Your coach figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Engagement Score" value={value((x) => `${x.engagementScore}%`)} icon={Zap} note="This week" />
        <StatCard
          label="Productivity Score"
          value={value((x) => `${x.productivityScore}%`)}
          icon={TrendingUp}
          note="This week"
        />
        <StatCard
          label="Time Spent"
          value={value((x) => `${Math.round(x.totalTimeSpent / 60)}m`)}
          icon={Clock}
          tone="accent"
          note="This week"
        />
        <StatCard
          label="Goals Achieved"
          value={value((x) => String(x.goalsAchieved))}
          icon={Target}
          tone="accent"
          note="This month"
        />
      </dl>
      <Tabs value={tab} onValueChange={(v) => navigate(v === 'insights' ? location : `${location}?tab=${v}`)}>
        <TabsList aria-label="Coach sections" className="w-full justify-start sm:w-auto">
          <TabsTrigger value="insights">AI Insights</TabsTrigger>
          <TabsTrigger value="goals" data-hint-target="coach-goals">
            Goals &amp; Progress
          </TabsTrigger>
          <TabsTrigger value="analytics">Analytics</TabsTrigger>
          <TabsTrigger value="revenue" data-hint-target="coach-revenue">
            Revenue by Source
          </TabsTrigger>
        </TabsList>
        <TabsContent value="insights">
          <InsightsTab generating={generate.isPending} />
        </TabsContent>
        <TabsContent value="goals">
          <GoalsTab />
        </TabsContent>
        <TabsContent value="analytics">
          <CoachAnalyticsTab metrics={m} />
        </TabsContent>
        <TabsContent value="revenue">
          <RevenueTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
