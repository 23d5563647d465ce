import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../lib/toast';
import { halalStatusLabel } from '../../domain/halal';
import { canUseAdminArea } from '../../domain/policies';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { useMe } from '../lib/me';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';

/** On a halal concern ticket: the location's halal status, and Suspend / Reinstate for halal verifiers. */
export function HalalTicketActions({ ticketId, ticketNumber }: { ticketId: string; ticketNumber: string }) {
  const role = useMe().data?.user?.adminRole ?? null;
  const allowed = canUseAdminArea(role, 'halal');
  const queryClient = useQueryClient();
  const [reason, setReason] = useState(`Halal concern ${ticketNumber}`);
  const site = useQuery({
    queryKey: ['admin', 'halal', 'ticket', ticketId],
    queryFn: ({ signal }) => call(endpoints.halal.getAdminHalalTicketsByTicketIdSite, { params: { ticketId }, signal }),
    enabled: allowed,
    retry: false,
  });
  const act = useMutation({
    mutationFn: (move: 'suspend' | 'reinstate') =>
      move === 'suspend'
        ? call(endpoints.halal.postAdminHalalSitesBySiteIdSuspend, {
            params: { siteId: site.data!.siteId },
            body: { reason, ticketId },
          })
        : call(endpoints.halal.postAdminHalalSitesBySiteIdReinstate, {
            params: { siteId: site.data!.siteId },
            body: { reason, ticketId },
          }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['admin', 'halal', 'ticket', ticketId], saved);
      toast.success(`${saved.siteName} is now ${halalStatusLabel(saved.halalStatus)}`);
    },
    onError: (error) => toast.error('Could not change the halal status', { description: error.message }),
  });
  if (!allowed || !site.data) return null;
  const suspended = site.data.halalStatus === 'suspended';
  return (
    <section aria-label="Halal status of this location" className="grid gap-2 rounded-md border p-3">
      <p className="text-sm">
        {site.data.brandName} ({site.data.siteName}):{' '}
        <Badge variant="outline">{halalStatusLabel(site.data.halalStatus)}</Badge>
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          containerClassName="min-w-64 flex-1"
        />
        <Button
          variant={suspended ? 'default' : 'destructive'}
          disabled={act.isPending || reason.trim().length < 3}
          onClick={() => act.mutate(suspended ? 'reinstate' : 'suspend')}
        >
          {suspended ? 'Reinstate Location' : 'Suspend Location'}
        </Button>
      </div>
    </section>
  );
}
