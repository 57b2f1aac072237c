import type { FormEvent } from 'react';
import { onboardingMessages } from '@shared/onboarding';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

interface EmailPlanDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The signed-in account's address: the plan is only ever sent there. */
  email: string;
  emailVerified: boolean;
  sending: boolean;
  onSend: () => void;
}

export function EmailPlanDialog({ open, onOpenChange, email, emailVerified, sending, onSend }: EmailPlanDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (emailVerified && !sending) onSend();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} noValidate aria-label="Email your plan" className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Email your plan</DialogTitle>
            <DialogDescription>
              We'll save your plan and send it to your account's address, so you can share it with your team.
            </DialogDescription>
          </DialogHeader>
          <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm break-all text-slate-800">
            <span className="font-medium">To:</span> {email}
          </p>
          {emailVerified ? null : (
            <p role="status" className="text-sm text-amber-800">
              {onboardingMessages.emailNeedsVerifiedAddress}
            </p>
          )}
          <DialogFooter>
            <Button type="submit" className="h-11" disabled={!emailVerified || sending}>
              {sending ? <Spinner className="size-4 text-white" label="Sending" /> : null}
              Send
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
