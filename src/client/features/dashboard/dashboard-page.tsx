import { BeingBuilt } from '@/features/shell/being-built';

export default function DashboardPage() {
  return <BeingBuilt area="Dashboard" />;
}
