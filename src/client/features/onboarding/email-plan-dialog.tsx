import { useState, type FormEvent } from 'react';
import { ZSendPlanRequest } from '@shared/schemas/onboarding';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { EMAIL_INPUT, TextField } from '@/components/ui/form-field';

interface EmailPlanDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultEmail: string;
  sending: boolean;
  onSend: (email: string) => void;
}

export function EmailPlanDialog({ open, onOpenChange, ...form }: EmailPlanDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Mounted per opening, so the field starts from the account's address each time. */}
        <EmailPlanForm {...form} />
      </DialogContent>
    </Dialog>
  );
}

function EmailPlanForm({ defaultEmail, sending, onSend }: Omit<EmailPlanDialogProps, 'open' | 'onOpenChange'>) {
  const [email, setEmail] = useState(defaultEmail);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZSendPlanRequest.shape.email.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    onSend(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Email your plan" className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Email your plan</DialogTitle>
        <DialogDescription>We'll send your recommendations to this address so you can share them with your team.</DialogDescription>
      </DialogHeader>
      <TextField
        inputClassName="h-11"
        id="onboarding-plan-email"
        {...EMAIL_INPUT}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error}
        maxLength={254}
      />
      <DialogFooter>
        <Button type="submit" className="h-11" disabled={!email.trim() || sending}>
          {sending ? <Spinner className="size-4 text-white" label="Sending" /> : null}
          Send
        </Button>
      </DialogFooter>
    </form>
  );
}
