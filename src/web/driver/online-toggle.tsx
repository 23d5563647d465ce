import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../lib/toast';
import { Card } from '../ui/card';
import { Switch } from '../ui/switch';
import { useTermsBeforeNewWork } from '../ui/terms-gate';
import { setOnline } from './driver-api';

/** The online/offline switch (docs/product/driver.md#availability): only online drivers can accept jobs. */
export function OnlineToggle({ isOnline }: { isOnline: boolean }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const terms = useTermsBeforeNewWork();
  const onChange = async (next: boolean) => {
    setBusy(true);
    try {
      // Going online is new work and may need new terms; going offline never does
      // (docs/decisions/0206-new-terms-hold-back-new-work-only.md).
      if (next && !(await terms.beforeNewWork())) return;
      await setOnline(queryClient, next);
      toast.success(next ? 'You are online' : 'You are offline');
    } catch (error) {
      if (terms.askAfterRefusal(error)) return;
      toast.error('Failed to update your status. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="flex items-center justify-between gap-4 p-4">
      <div>
        <p className="font-semibold">{isOnline ? 'You are online' : 'You are offline'}</p>
        <p className="text-sm text-muted-foreground">
          {isOnline ? 'You can accept jobs in your area.' : 'Go online to accept jobs.'}
        </p>
      </div>
      <Switch
        label="Online"
        checked={isOnline}
        busy={busy}
        onCheckedChange={(v) => void onChange(v)}
        className="min-h-12 px-1"
      />
    </Card>
  );
}
