import { useQueryClient } from '@tanstack/react-query';
import MapPin from 'lucide-react/icons/map-pin';
import { type FormEvent, useState } from 'react';
import { toast } from '../lib/toast';
import type { DriverProfile } from '../../domain/contracts/driver/get-profile';
import { POSTCODE_MESSAGES } from '../../domain/contracts/driver/postcode';
import { normalisePostcode } from '../../domain/geo';
import { ApiError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { TextField } from '../ui/text-field';
import { driverKeys } from './driver-api';

/**
 * Where the driver works (docs/product/driver.md#availability): a UK postcode or outward code, stored upper-case;
 * jobs are offered by its leading letters.
 */
export function PostcodeForm({ current }: { current: string | null }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!value.trim() || !normalisePostcode(value)) {
      setError(POSTCODE_MESSAGES.invalid);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const saved = await call(endpoints.driver.patchDriverPostcode, {
        body: { postcode: value },
      });
      setValue(saved.currentPostcode);
      queryClient.setQueryData<DriverProfile>(driverKeys.profile, (p) => (p ? { ...p, ...saved } : p));
      await queryClient.invalidateQueries({ queryKey: driverKeys.allJobs });
      toast.success(`Postcode updated to ${saved.currentPostcode}`, {
        description: `Showing jobs in the ${saved.currentArea} area.`,
      });
    } catch (err) {
      const invalid = err instanceof ApiError && err.message === POSTCODE_MESSAGES.invalid;
      setError(invalid ? POSTCODE_MESSAGES.invalid : null);
      toast.error(invalid ? POSTCODE_MESSAGES.invalid : POSTCODE_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="p-4">
      <form onSubmit={onSubmit} noValidate className="flex items-end gap-2">
        <TextField
          label="Your postcode"
          containerClassName="flex-1"
          value={value}
          onChange={(e) => setValue(e.target.value.toUpperCase())}
          autoCapitalize="characters"
          autoComplete="postal-code"
          placeholder="E1 6AN"
          error={error}
          hint="Jobs are offered in your postcode area."
        />
        <Button type="submit" disabled={busy} className="mb-7 shrink-0">
          <MapPin aria-hidden="true" />
          Update
        </Button>
      </form>
    </Card>
  );
}
