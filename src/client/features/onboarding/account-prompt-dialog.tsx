import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

export const ACCOUNT_PROMPT_TITLE = 'Create your free account to save this plan';
const REGISTER_HREF = '/register?next=/onboarding';
const LOGIN_HREF = '/login?next=/onboarding';

/** For a visitor: emailing and saving the plan need an account; the draft waits on this device. */
export function AccountPromptDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{ACCOUNT_PROMPT_TITLE}</DialogTitle>
          <DialogDescription>
            Your answers and your plan are kept on this device. Create a free account or sign in, and you'll come
            straight back here to email your plan and finish setup.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button asChild variant="outline" className="h-11">
            <Link href={LOGIN_HREF}>Sign in</Link>
          </Button>
          <Button asChild className="h-11">
            <Link href={REGISTER_HREF}>Create free account</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
