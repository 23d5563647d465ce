import { useMutation } from '@tanstack/react-query';
import Flag from 'lucide-react/icons/flag';
import { useState } from 'react';
import { toast } from '../lib/toast';
import { HALAL_CONCERN_SENT } from '../../domain/halal';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { useMe } from '../lib/me';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { TextField } from '../ui/text-field';
import { TextareaField } from '../ui/textarea';
import { useFormErrors } from '../ui/use-form-errors';

/**
 * "Report a halal concern": a ticket for HalalNosh's halal team (channel halal_report). From the
 * restaurant page it names the restaurant; from an order page also the order (proved by the
 * session or the visitor's order token).
 */
export function HalalConcernButton({
  slug,
  orderNumber,
  orderToken,
}: {
  slug: string;
  orderNumber?: string;
  orderToken?: string | null;
}) {
  const signedIn = !!useMe().data?.user;
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState('');
  // A refused message or e-mail shows under its field; the toast says the report was not sent.
  const { formRef, errors, fail, clear } = useFormErrors(['message', 'email']);
  const send = useMutation({
    mutationFn: () =>
      orderNumber
        ? call(endpoints.halal.postOrdersByOrderNumberHalalConcerns, {
            params: { orderNumber },
            body: { message, ...(!signedIn && email ? { email } : {}) },
            headers: orderToken ? { 'x-order-token': orderToken } : undefined,
          })
        : call(endpoints.halal.postRestaurantsBySlugHalalConcerns, {
            params: { slug },
            body: { message, ...(!signedIn && email ? { email } : {}) },
          }),
    onSuccess: ({ ticketNumber }) => {
      toast.success('Concern reported', { description: `${HALAL_CONCERN_SENT} Reference ${ticketNumber}.` });
      setOpen(false);
      setMessage('');
    },
    onError: (error) => {
      fail(error);
      toast.error('Could not send your report', { description: error.message });
    },
  });
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Flag aria-hidden="true" />
        Report a halal concern
      </Button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
          clear();
        }}
        title="Report a halal concern"
        description="Tell our halal team what you saw or were told. We look into every report."
      >
        <form
          ref={formRef}
          noValidate
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            send.mutate();
          }}
        >
          <TextareaField
            label="What is the concern?"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            error={errors.message}
            required
            minLength={10}
            maxLength={2000}
            rows={4}
          />
          {!signedIn ? (
            <TextField
              label="Your e-mail"
              type="email"
              optional
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={errors.email}
              hint="So we can tell you what we found."
            />
          ) : null}
          <Button type="submit" disabled={send.isPending || message.trim().length < 10}>
            Send Report
          </Button>
        </form>
      </Dialog>
    </>
  );
}
