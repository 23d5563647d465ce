import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { endpointUrl } from './call';
import { endpoints } from './endpoints.generated';
// Types only: the table's zod schemas never reach the browser (customer pages load no zod).
import type { EventsOn, LiveEvent, LiveEventData, LiveEventOf } from '../../domain/live-events';
import type { TopicKind, TopicKindOf, TopicString } from '../../domain/topics';
import { STREAM_END_EVENT, reconnectsAfter, refusalIsFinal } from '../../domain/live-stream-end';

export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

/** A handler per event type that may arrive on topics of kind K, given the event's typed payload. */
export type LiveHandlers<K extends TopicKind> = {
  [E in EventsOn<K>]?: (data: LiveEventData<E>, event: LiveEventOf<E>) => void;
};

export type LiveSubscription<K extends TopicKind> = {
  on?: LiveHandlers<K>;
  /**
   * The queries this screen shows from these topics. They are refetched after the stream
   * reconnects (events may have been missed while it was down), when the browser comes back
   * online or to the tab, and when one of the `refetchOn` events arrives.
   */
  refetch?: readonly QueryKey[];
  refetchOn?: readonly EventsOn<K>[];
  enabled?: boolean;
  /** A visitor's order token, for `order:{id}` without an account. */
  orderToken?: string;
  /** A visitor's group order member token, for `group:{id}` (docs/decisions/0256-group-order-links-and-member-tokens.md). */
  groupMember?: string;
};

const MAX_BACKOFF_MS = 30_000;

/**
 * The web app's one EventSource client: subscribes to some topics (`topicName.*`) while the
 * component is mounted and answers the connection's state. EventSource reconnects by itself after
 * a drop (the server's `retry: 2000`); when the server refused the stream outright (it closes for
 * good) this retries with backoff from 1 s up to 30 s, unless the refusal is a 401 or 403. When the
 * server ends the stream because access ended (`event: end`), it stops, or reconnects at once when
 * only the rights moved (docs/decisions/0198-live-streams-end-with-access.md). After any reconnect,
 * and on stopping, the `refetch` queries are invalidated, so nothing stays stale and the screen
 * meets the same 401 or 403 the app already handles.
 */
export function useLiveEvents<T extends TopicString>(
  topics: readonly T[],
  subscription: LiveSubscription<TopicKindOf<T>>,
): StreamStatus {
  const queryClient = useQueryClient();
  const latest = useRef(subscription);
  useEffect(() => {
    latest.current = subscription;
  });
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const key = topics.join(',');
  const { enabled = true, orderToken, groupMember } = subscription;

  useEffect(() => {
    if (!enabled || !key || typeof EventSource === 'undefined') return;
    const url = endpointUrl(endpoints.live.getEvents, { query: { topics: key, orderToken, groupMember } });
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let dropped = false;
    let stopped = false;
    /** Refused until the user signs in again or their rights change: no more attempts. */
    let refused = false;

    const catchUp = () => {
      for (const queryKey of latest.current.refetch ?? []) void queryClient.invalidateQueries({ queryKey });
    };
    const deliver = (event: LiveEvent) => {
      const { on, refetchOn } = latest.current;
      const handler = (on as Record<string, ((data: unknown, event: LiveEvent) => void) | undefined>)?.[event.type];
      handler?.(event.data, event);
      if ((refetchOn as readonly string[] | undefined)?.includes(event.type)) catchUp();
    };
    const giveUp = () => {
      refused = true;
      clearTimeout(retry);
      source?.close();
      catchUp();
    };
    // EventSource does not say why it was refused: ask once, and abort before any stream body.
    const refusedForGood = async (): Promise<boolean> => {
      const controller = new AbortController();
      try {
        const res = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream' } });
        return refusalIsFinal(res.status);
      } catch {
        return false;
      } finally {
        controller.abort();
      }
    };
    const connect = () => {
      source?.close();
      source = new EventSource(url);
      source.addEventListener(STREAM_END_EVENT, (message) => {
        let reason: unknown;
        try {
          reason = (JSON.parse((message as MessageEvent<string>).data) as { reason?: unknown }).reason;
        } catch {
          reason = undefined;
        }
        if (!reconnectsAfter(reason)) return giveUp();
        dropped = true;
        connect();
      });
      source.onopen = () => {
        attempt = 0;
        setStatus('live');
        if (dropped) catchUp();
        dropped = false;
      };
      source.onmessage = (message) => {
        let event: LiveEvent;
        try {
          event = JSON.parse(message.data) as LiveEvent;
        } catch {
          return; // a malformed message is skipped; the stream goes on
        }
        deliver(event);
      };
      source.onerror = () => {
        if (stopped || refused) return;
        dropped = true;
        setStatus('reconnecting');
        if (source?.readyState === EventSource.CLOSED) {
          clearTimeout(retry);
          void refusedForGood().then((final) => {
            if (stopped || refused) return;
            if (final) return giveUp();
            retry = setTimeout(connect, Math.min(1000 * 2 ** attempt++, MAX_BACKOFF_MS));
          });
        }
      };
    };
    const onOnline = () => {
      catchUp();
      if (refused) return;
      if (source?.readyState !== EventSource.OPEN) {
        clearTimeout(retry);
        connect();
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') catchUp();
    };
    connect();
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [key, enabled, orderToken, groupMember, queryClient]);

  return status;
}
