import { LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The form's submit button; it shows the loading label and ignores clicks while pending. */
export function SubmitButton({
  label,
  loadingLabel,
  pending,
  disabled = false,
}: {
  label: string;
  loadingLabel: string;
  pending: boolean;
  disabled?: boolean;
}) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={pending || disabled}>
      {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
      {pending ? loadingLabel : label}
    </Button>
  );
}
