import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../lib/toast';
import { DRIVER_STATUS_FAILED, type DriverAction } from '../../domain/driver-approval';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { adminKeys } from './admin-api';

/** Approve, Reject, Suspend or Reinstate, with the product's toasts; the lists refresh afterwards. */
export function useDriverAction(onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ driverId, action }: { driverId: string; action: DriverAction }) =>
      call(endpoints.admin.postAdminDriversByDriverIdStatus, { params: { driverId }, body: { action } }),
    onSuccess: (data) => {
      toast.success(data.message);
      onDone?.();
    },
    onError: (error) => toast.error(DRIVER_STATUS_FAILED, { description: error.message }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.driversAll });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'driver-documents'] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.pendingCount });
      void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
    },
  });
}
