import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { toast } from '../lib/toast';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';
import { messageOf, partnerKeys } from './partner-api';
import { useSiteMenu } from './use-site-menu';

/**
 * "Mark unavailable" on the order cards (docs/product/partner.md#cancel-an-order): this location's
 * menu override switches the item off (docs/decisions/0033-location-menu-overrides.md), with an
 * Undo that gives it back. The location's menu says which items are off already.
 */
export function useItemAvailability(siteId: string) {
  const queryClient = useQueryClient();
  const menu = useSiteMenu(siteId);
  const [busy, setBusy] = useState<string | null>(null);

  const unavailable = useMemo(() => {
    const off = new Set<string>();
    for (const section of menu.data?.menu?.sections ?? [])
      for (const item of section.items) if (!item.isAvailable || item.override?.isAvailable === false) off.add(item.id);
    return off;
  }, [menu.data]);

  const set = useCallback(
    async (itemId: string, name: string, isAvailable: false | null) => {
      setBusy(itemId);
      try {
        await call(endpoints.menu.putPartnerSitesBySiteIdItemsByItemIdOverride, {
          params: { siteId, itemId },
          body: { isAvailable },
        });
        if (isAvailable === false) {
          toast.success(`${name} is unavailable at this location`, {
            description: 'Customers can no longer order it here.',
            action: { label: 'Undo', onClick: () => void set(itemId, name, null) },
          });
        } else {
          toast.success(`${name} is available again`);
        }
      } catch (error) {
        toast.error('Error updating item', { description: messageOf(error) });
      } finally {
        setBusy(null);
        void queryClient.invalidateQueries({ queryKey: partnerKeys.menu(siteId) });
      }
    },
    [queryClient, siteId],
  );

  return {
    /** Whether the item is switched off here (or in the base menu); false while the menu loads. */
    isUnavailable: (itemId: string) => unavailable.has(itemId),
    busy,
    markUnavailable: (itemId: string, name: string) => set(itemId, name, false),
  };
}
export type ItemAvailability = ReturnType<typeof useItemAvailability>;
