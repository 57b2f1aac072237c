import { BeingBuilt } from '@/features/shell/being-built';

export default function LeadsPage() {
  return <BeingBuilt area="Leads" />;
}
