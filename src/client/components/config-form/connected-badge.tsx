import { CircleCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** A saved configuration shows a Connected badge. */
export function ConnectedBadge({ label = 'Connected' }: { label?: string }) {
  return (
    <Badge variant="success">
      <CircleCheck aria-hidden="true" className="size-3.5" />
      {label}
    </Badge>
  );
}
