import { type FormEvent, useState } from 'react';
import { toast } from '../lib/toast';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';

/** "Suggest a City": stores the suggestion (docs/product/customer.md#cities) with an optional e-mail to tell the visitor. */
export function SuggestCityDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [city, setCity] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<{ city?: string; email?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    setError({});
    onClose();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = city.trim();
    if (!name) {
      setError({ city: 'Please enter a city' });
      return;
    }
    setBusy(true);
    setError({});
    try {
      await call(endpoints.catalog.postCitySuggestions, { body: { city: name, email: email.trim() || undefined } });
      toast.success('Thank you for your suggestion!', {
        description: email.trim()
          ? `We'll email you when HalalNosh arrives in ${name}.`
          : `We've noted ${name} for our next cities.`,
      });
      setCity('');
      setEmail('');
      close();
    } catch (err) {
      const message = err instanceof Error ? err.message : 'Please try again.';
      if (/email/i.test(message)) setError({ email: message });
      else setError({ form: message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} title="Suggest a City" description="Tell us where you'd like HalalNosh next.">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField
          label="City"
          value={city}
          onChange={(e) => setCity(e.target.value)}
          error={error.city}
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
          error={error.email}
          hint="We'll let you know when we arrive."
          autoComplete="email"
        />
        {error.form ? (
          <p role="alert" className="text-sm text-destructive">
            {error.form}
          </p>
        ) : null}
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
