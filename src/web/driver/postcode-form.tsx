import { useQueryClient } from '@tanstack/react-query';
import MapPin from 'lucide-react/icons/map-pin';
import { type FormEvent, useState } from 'react';
import { toast } from '../lib/toast';
import type { DriverProfile } from '../../domain/contracts/driver/get-profile';
import { POSTCODE_MESSAGES } from '../../domain/contracts/driver/postcode';
import { normalisePostcode } from '../../domain/geo';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-driver.generated';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { TextField } from '../ui/text-field';
import { useFormErrors } from '../ui/use-form-errors';
import { driverKeys } from './driver-api';

/**
 * Where the driver works (docs/product/driver.md#availability): a UK postcode or outward code, stored upper-case;
 * jobs are offered by its leading letters.
 */
export function PostcodeForm({ current }: { current: string | null }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(current ?? '');
  // The server names `postcode` when it refuses one; the toast says so, or that the update failed.
  const { formRef, errors, busy, check, submit } = useFormErrors(['postcode']);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!check({ postcode: value.trim() && normalisePostcode(value) ? undefined : POSTCODE_MESSAGES.invalid })) return;
    await submit(
      async () => {
        const saved = await call(endpoints.driver.patchDriverPostcode, {
          body: { postcode: value },
        });
        setValue(saved.currentPostcode);
        queryClient.setQueryData<DriverProfile>(driverKeys.profile, (p) => (p ? { ...p, ...saved } : p));
        await queryClient.invalidateQueries({ queryKey: driverKeys.allJobs });
        toast.success(`Postcode updated to ${saved.currentPostcode}`, {
          description: `Showing jobs in the ${saved.currentArea} area.`,
        });
      },
      (_error, shown) => toast.error(shown.fields.postcode ?? POSTCODE_MESSAGES.failed),
    );
  };

  return (
    <Card className="p-4">
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex items-end gap-2">
        <TextField
          label="Your postcode"
          containerClassName="flex-1"
          value={value}
          onChange={(e) => setValue(e.target.value.toUpperCase())}
          autoCapitalize="characters"
          autoComplete="postal-code"
          placeholder="E1 6AN"
          error={errors.postcode}
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
