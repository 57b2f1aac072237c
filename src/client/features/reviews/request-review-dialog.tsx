// eslint-disable-next-line no-restricted-imports -- the request dialog is mounted on intent (MountWhen)
import { ZCreateReviewRequest } from '@shared/schemas/review-requests';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EMAIL_INPUT, TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { checkSchema } from '@/components/form/check-schema';
import { sendIfValid, useFormFields } from '@/components/form/use-form-fields';
import { errorMessage } from '@/lib/api';
import { requestOutcome } from './review-request-status';
import { useRequestReview } from './review-requests-api';

const ID = 'review-request';
const ORDER = ['customerName', 'phone', 'email'] as const;

/** Request a review by hand: a customer's name and a phone or an email; sent by the same rules as automatic ones. */
export function RequestReviewDialog({
  open,
  onClose,
  timezone,
}: {
  open: boolean;
  onClose: () => void;
  timezone: string;
}) {
  const request = useRequestReview();
  const form = useFormFields({ customerName: '', phone: '', email: '' });
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Request a review</DialogTitle>
          <DialogDescription>
            We text (or email) your customer a link to your Google review page, between 9 am and 8 pm your time. Each
            customer is asked at most once every 90 days.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            sendIfValid(
              checkSchema(ZCreateReviewRequest, form.values),
              { idPrefix: ID, order: ORDER, setErrors: form.setErrors },
              // The form's own strings go out: the server reads blank as "not given".
              (_checked, onError) =>
                request.mutate(form.values, {
                  onSuccess: (r) => {
                    const outcome = requestOutcome(r, timezone);
                    toast({
                      title: r.status === 'skipped' ? 'Not Sent' : 'Review Requested',
                      description: outcome,
                      ...(r.status === 'skipped' ? { variant: 'destructive' as const } : {}),
                    });
                    if (r.status !== 'skipped') {
                      form.setValues({ customerName: '', phone: '', email: '' });
                      onClose();
                    }
                  },
                  onError: (err) => {
                    onError(err);
                    toast({
                      title: 'Error',
                      description: errorMessage(err, 'Could not request the review.'),
                      variant: 'destructive',
                    });
                  },
                }),
            );
          }}
        >
          <TextField
            id={`${ID}-customerName`}
            label="Customer name"
            value={form.values.customerName}
            onChange={(e) => form.setField('customerName', e.target.value)}
            error={form.errors.customerName}
            autoComplete="off"
            maxLength={120}
          />
          <TextField
            id={`${ID}-phone`}
            label="Mobile number"
            type="tel"
            inputMode="tel"
            value={form.values.phone}
            onChange={(e) => form.setField('phone', e.target.value)}
            error={form.errors.phone}
            hint="Texted when Twilio is set up in Settings → SMS."
            maxLength={25}
          />
          <TextField
            {...EMAIL_INPUT}
            id={`${ID}-email`}
            label="Email (optional)"
            value={form.values.email}
            onChange={(e) => form.setField('email', e.target.value)}
            error={form.errors.email}
            maxLength={254}
          />
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? 'Requesting...' : 'Send Request'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
