import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../lib/toast';
import type { PartnerOrder } from '../../domain/contracts/partner/orders';
import type { PrepTime } from '../../domain/eta';
import type { OrderAction } from '../../domain/order-flow';
import type { PartnerCancelReason } from '../../domain/partner-cancel';
import { ACTION_LABELS, UNDOABLE_ACTIONS, UNDO_WINDOW_MS } from '../../domain/partner-orders';
import { ApiError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';
import { messageOf } from './partner-api';

/** docs/product/partner.md#orders-console: the server refuses a second action within 2 seconds with these words. */
export const ACTION_BLOCKED = 'Action blocked: Please wait before making another action on this order';
const GUARD_MS = 2000;

export type ActionBody =
  | { action: 'accept'; prepTimeMinutes: PrepTime }
  | { action: 'reject'; reason: string }
  | { action: 'start_preparing' }
  | { action: 'mark_ready' }
  | { action: 'mark_collected' };

const DONE: Partial<Record<OrderAction, string>> = {
  accept: 'accepted',
  reject: 'rejected',
  start_preparing: 'is being prepared',
  mark_ready: 'is ready for pickup',
  mark_collected: 'was collected',
  hand_to_driver: 'is out for delivery',
};

type Scheduled = { timer: ReturnType<typeof setTimeout>; fire: () => void };

/**
 * The console's order actions. Accept, Prepare and Ready wait 5 seconds with an Undo toast before
 * anything is sent (docs/product/partner.md#orders-console); the rest go at once. A second action on the same order
 * within 2 seconds is stopped here with the product's words, and the server refuses it again.
 * Leaving the page sends what is still waiting: the click meant it.
 */
export function useOrderActions(refresh: () => void) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Record<string, OrderAction>>({});
  const scheduled = useRef(new Map<string, Scheduled>());
  const lastSent = useRef(new Map<string, number>());
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  });

  /**
   * Sends an action and toasts the outcome; the server's refusal (its own words, the blocked action's
   * among them) is toasted as it comes, and thrown again when `rethrow` asks (a dialog shows its fields).
   */
  const send = useCallback(
    async (order: PartnerOrder, body: ActionBody, rethrow = false) => {
      lastSent.current.set(order.id, Date.now());
      try {
        await call(endpoints.orders.postPartnerOrdersByOrderIdActions, { params: { orderId: order.id }, body });
        toast.success(`Order ${order.orderNumber} ${DONE[body.action]}`);
      } catch (error) {
        toast.error(messageOf(error, 'Something went wrong. Please try again.'));
        if (rethrow) throw error;
      } finally {
        refreshRef.current();
        void queryClient.invalidateQueries({ queryKey: ['partner', 'dashboard'] });
      }
    },
    [queryClient],
  );

  const blocked = (orderId: string) => {
    const last = lastSent.current.get(orderId);
    if (last && Date.now() - last < GUARD_MS) {
      toast.error(ACTION_BLOCKED);
      return true;
    }
    return false;
  };

  const perform = useCallback(
    (order: PartnerOrder, body: ActionBody) => {
      if (scheduled.current.has(order.id) || blocked(order.id)) return;
      if (!UNDOABLE_ACTIONS.includes(body.action)) {
        void send(order, body);
        return;
      }
      const toastId = `undo-${order.id}`;
      const fire = () => {
        scheduled.current.delete(order.id);
        setPending((p) => Object.fromEntries(Object.entries(p).filter(([id]) => id !== order.id)));
        void send(order, body);
      };
      scheduled.current.set(order.id, { timer: setTimeout(fire, UNDO_WINDOW_MS), fire });
      setPending((p) => ({ ...p, [order.id]: body.action }));
      toast(`${ACTION_LABELS[body.action]}: ${order.orderNumber}`, {
        id: toastId,
        description: 'Sending in 5 seconds.',
        duration: UNDO_WINDOW_MS,
        action: { label: 'Undo', onClick: () => undo(order.id) },
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [send],
  );

  /**
   * Reject with a reason, at once; true when the order was rejected, false when the 2-second guard
   * stopped it. Rejects with the server's refusal, so the dialog shows a refused reason under it.
   */
  const reject = useCallback(
    async (order: PartnerOrder, reason: string): Promise<boolean> => {
      if (scheduled.current.has(order.id) || blocked(order.id)) return false;
      await send(order, { action: 'reject', reason }, true);
      return true;
    },
    [send],
  );

  const undo = useCallback((orderId: string) => {
    const s = scheduled.current.get(orderId);
    if (!s) return;
    clearTimeout(s.timer);
    scheduled.current.delete(orderId);
    setPending((p) => Object.fromEntries(Object.entries(p).filter(([id]) => id !== orderId)));
    toast.dismiss(`undo-${orderId}`);
    toast('Action undone');
  }, []);

  /** Hand to Driver with the driver's code; true when the order went out. */
  const handOver = useCallback(
    async (order: PartnerOrder, pickupCode: string): Promise<boolean> => {
      if (blocked(order.id)) return false;
      try {
        await call(endpoints.partner.postPartnerOrdersByOrderIdHandOver, {
          params: { orderId: order.id },
          body: { pickupCode },
        });
        lastSent.current.set(order.id, Date.now());
        toast.success(`Order ${order.orderNumber} ${DONE.hand_to_driver}`);
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 400)
          toast.error('Invalid code', { description: "Please check the driver's verification code" });
        else toast.error(messageOf(error, 'Something went wrong. Please try again.'));
        return false;
      } finally {
        refreshRef.current();
      }
    },

    [],
  );

  /**
   * Cancel with a reason (docs/product/partner.md#cancel-an-order); true when the order is cancelled,
   * false when the 2-second guard stopped it. A refusal is toasted and thrown, so the dialog shows
   * a refused field beside its control (docs/decisions/0219-one-form-kit.md).
   */
  const cancel = useCallback(
    async (order: PartnerOrder, reason: PartnerCancelReason, details: string | null): Promise<boolean> => {
      if (blocked(order.id)) return false;
      try {
        await call(endpoints.partner.postPartnerOrdersByOrderIdCancel, {
          params: { orderId: order.id },
          body: { reason, details },
        });
        lastSent.current.set(order.id, Date.now());
        toast.success(`Order ${order.orderNumber} cancelled`);
        return true;
      } catch (error) {
        toast.error(messageOf(error, 'Something went wrong. Please try again.'));
        throw error;
      } finally {
        refreshRef.current();
        void queryClient.invalidateQueries({ queryKey: ['partner', 'dashboard'] });
      }
    },
    [queryClient],
  );

  useEffect(() => {
    const waiting = scheduled.current;
    return () => {
      for (const s of waiting.values()) {
        clearTimeout(s.timer);
        s.fire();
      }
    };
  }, []);

  return { pending, perform, reject, undo, handOver, cancel };
}
export type OrderActions = ReturnType<typeof useOrderActions>;
