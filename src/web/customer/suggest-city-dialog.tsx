import { type FormEvent, useState } from 'react';
import { toast } from '../lib/toast';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { FormAlert } from '../ui/form-alert';
import { useFormErrors } from '../ui/use-form-errors';

const FIELDS = ['city', 'email'] as const;

/** "Suggest a City": stores the suggestion (docs/product/customer.md#cities) with an optional e-mail to tell the visitor. */
export function SuggestCityDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [city, setCity] = useState('');
  const [email, setEmail] = useState('');
  const { formRef, errors, formError, busy, check, submit, clear } = useFormErrors(FIELDS);

  const close = () => {
    clear();
    onClose();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = city.trim();
    if (!check({ city: name ? undefined : 'Please enter a city' })) return;
    const sent = await submit(() =>
      call(endpoints.catalog.postCitySuggestions, { body: { city: name, email: email.trim() || undefined } }),
    );
    if (!sent) return;
    toast.success('Thank you for your suggestion!', {
      description: email.trim()
        ? `We'll email you when HalalNosh arrives in ${name}.`
        : `We've noted ${name} for our next cities.`,
    });
    setCity('');
    setEmail('');
    close();
  };

  return (
    <Dialog open={open} onClose={close} title="Suggest a City" description="Tell us where you'd like HalalNosh next.">
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField
          label="City"
          value={city}
          onChange={(e) => setCity(e.target.value)}
          error={errors.city}
          required
          maxLength={80}
          autoComplete="address-level2"
        />
        <TextField
          label="Email"
          type="email"
          optional
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          hint="We'll let you know when we arrive."
          autoComplete="email"
        />
        <FormAlert message={formError} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
            Send Suggestion
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
