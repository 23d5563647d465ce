import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from '../lib/toast';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { orderTokenHeaders } from '../lib/order-tokens';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { TextareaField } from '../ui/textarea';
import { useFormErrors } from '../ui/use-form-errors';

/** The texts of docs/product/customer.md#report-an-issue, as in domain/contracts/orders/report-issue.ts (not imported: it would bring zod). */
const REPORT_MESSAGES = {
  required: 'Please describe the issue',
  success: 'Your report has been submitted. Our team will review it shortly.',
} as const;

/** "Report an Issue": raises a customer-service ticket for the order (docs/product/customer.md#report-an-issue). */
export function ReportIssueDialog({
  open,
  onClose,
  orderNumber,
}: {
  open: boolean;
  onClose: () => void;
  orderNumber: string;
}) {
  const [description, setDescription] = useState('');
  // The product's toasts spell a failure; the message is also shown under the field it is about.
  const { formRef, errors, check, fail } = useFormErrors(['description']);
  const report = useMutation({
    mutationFn: (text: string) =>
      call(endpoints.orders.postOrdersByOrderNumberReport, {
        params: { orderNumber },
        body: { description: text },
        headers: orderTokenHeaders(orderNumber),
      }),
    onSuccess: () => {
      toast.success(REPORT_MESSAGES.success);
      setDescription('');
      onClose();
    },
    onError: (error) => {
      fail(error);
      toast.error('Failed to submit report. Please try again.');
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = description.trim();
    if (!check({ description: text ? undefined : REPORT_MESSAGES.required })) {
      toast.error(REPORT_MESSAGES.required);
      return;
    }
    report.mutate(text);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Report an Issue"
      description={`Order #${orderNumber}. Our customer service team will look into it.`}
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextareaField
          label="What went wrong?"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.description}
          maxLength={2000}
          placeholder="E.g. an item was missing, the food arrived cold"
          required
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={report.isPending}>
            {report.isPending ? <Spinner className="size-4 text-primary-foreground" /> : null}
            Submit Report
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
