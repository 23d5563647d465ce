import { useQueryClient } from '@tanstack/react-query';
import LocateFixed from 'lucide-react/icons/locate-fixed';
import LocateOff from 'lucide-react/icons/locate-off';
import { useState } from 'react';
import { toast } from '../lib/toast';
import type { ListJobsResponse } from '../../domain/contracts/driver/jobs';
import { JOB_RADIUS_MESSAGES } from '../../domain/contracts/driver/job-radius';
import { JOB_RADIUS_MAX_MILES, JOB_RADIUS_MIN_MILES } from '../../domain/dispatch-reach';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-driver.generated';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { SelectField } from '../ui/select-field';
import { driverKeys } from './driver-api';

const RADIUS_OPTIONS = Array.from({ length: JOB_RADIUS_MAX_MILES - JOB_RADIUS_MIN_MILES + 1 }, (_, i) => {
  const miles = JOB_RADIUS_MIN_MILES + i;
  return { value: String(miles), label: `${miles} ${miles === 1 ? 'mile' : 'miles'}` };
});

/**
 * How far the driver takes jobs and from where (docs/product/driver.md#jobs-board): a radius of 1 to
 * 10 miles around their shared location, or else their postcode's centre.
 */
export function JobRadiusCard({ data }: { data: ListJobsResponse }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: driverKeys.allJobs });

  const saveRadius = async (miles: number) => {
    setBusy(true);
    try {
      await call(endpoints.driver.patchDriverJobRadius, { body: { miles } });
      toast.success(JOB_RADIUS_MESSAGES.saved);
      await refresh();
    } catch {
      toast.error(JOB_RADIUS_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  };

  const useLocation = () => {
    if (!('geolocation' in navigator)) {
      toast.error('This device cannot share its location');
      return;
    }
    setBusy(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const body = { lat: position.coords.latitude, lng: position.coords.longitude };
        void call(endpoints.driver.putDriverBoardPosition, { body })
          .then(refresh)
          .catch(() => toast.error('Failed to share your location'))
          .finally(() => setBusy(false));
      },
      () => {
        toast.error('Location permission was not given; jobs are measured from your postcode.');
        setBusy(false);
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 60_000 },
    );
  };

  const stopLocation = async () => {
    setBusy(true);
    try {
      await call(endpoints.driver.deleteDriverBoardPosition);
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="grid gap-2 p-4">
      <SelectField
        label="Job radius"
        options={RADIUS_OPTIONS}
        value={String(data.radiusMiles)}
        disabled={busy}
        onChange={(e) => void saveRadius(Number(e.target.value))}
        hint={
          data.centre === 'position'
            ? 'Measured from your shared location.'
            : data.centre === 'postcode'
              ? "Measured from your postcode's centre."
              : 'Set your postcode or share your location to see jobs.'
        }
      />
      {data.centre === 'position' ? (
        <Button variant="outline" disabled={busy} onClick={() => void stopLocation()}>
          <LocateOff aria-hidden="true" />
          Use my postcode instead
        </Button>
      ) : (
        <Button variant="outline" disabled={busy} onClick={useLocation}>
          <LocateFixed aria-hidden="true" />
          Use my current location
        </Button>
      )}
    </Card>
  );
}
