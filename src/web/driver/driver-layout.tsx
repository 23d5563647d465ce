import { useQueryClient } from '@tanstack/react-query';
import { Outlet } from '../lib/router';
import { TermsGate } from '../ui/terms-gate';
import { topicName } from '../../domain/topics';
import { useLiveEvents } from '../lib/live';
import { meQueryKey, refreshMe, useMe } from '../lib/me';
import { driverKeys } from './driver-api';
import { DriverFrame } from './driver-frame';
import { OfferCard, offerKey } from './offer-card';

/**
 * Pages of approved drivers (behind the driver guard). A status change by the back office
 * (suspension), new earnings, jobs the back office assigns or takes away and the dispatcher's offers
 * arrive live on `user:{id}`; an open offer shows as a card above every page.
 */
export function DriverLayout() {
  const queryClient = useQueryClient();
  const user = useMe().data?.user;
  useLiveEvents(user ? [topicName.user(user.id)] : [], {
    enabled: !!user,
    refetch: [meQueryKey, driverKeys.earnings, offerKey],
    on: {
      'driver.status': () => void refreshMe(queryClient),
      'earnings.updated': () => void queryClient.invalidateQueries({ queryKey: driverKeys.earnings }),
      // The back office put this driver on a job or took it off them (docs/decisions/0136-admin-order-console.md).
      'job.assignment': ({ jobId }) => {
        void queryClient.invalidateQueries({ queryKey: driverKeys.allJobs });
        void queryClient.invalidateQueries({ queryKey: driverKeys.job(jobId) });
      },
      // The dispatcher offered this driver a job, or their offer ended (docs/product/driver.md#offers).
      'offer.made': () => void queryClient.invalidateQueries({ queryKey: offerKey }),
      'offer.ended': () => void queryClient.invalidateQueries({ queryKey: offerKey }),
    },
  });
  return (
    <DriverFrame nav>
      <TermsGate audience="driver">
        <OfferCard />
        <Outlet />
      </TermsGate>
    </DriverFrame>
  );
}
