import { useEffect, useRef } from 'react';
import { endpointUrl } from './call';
import { endpoints } from './endpoints.generated';

/** One message of GET /api/events. */
export type LiveEvent = { topic: string; type: string; data: unknown };

const MAX_BACKOFF_MS = 30_000;

/**
 * Subscribes to live events for some topics while the component is mounted. EventSource reconnects
 * by itself after a dropped connection; when the server refuses the stream outright (it closes for
 * good), this retries with backoff from 1 s up to 30 s.
 */
export function useLiveEvents(
  topics: readonly string[],
  onEvent: (event: LiveEvent) => void,
  options: { enabled?: boolean; orderToken?: string } = {},
): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const key = topics.join(',');
  const { enabled = true, orderToken } = options;

  useEffect(() => {
    if (!enabled || !key || typeof EventSource === 'undefined') return;
    const url = endpointUrl(endpoints.live.getEvents, { query: { topics: key, orderToken } });
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const connect = () => {
      source = new EventSource(url);
      source.onopen = () => {
        attempt = 0;
      };
      source.onmessage = (message) => {
        try {
          handler.current(JSON.parse(message.data) as LiveEvent);
        } catch {
          // a malformed message is skipped; the stream goes on
        }
      };
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        const delay = Math.min(1000 * 2 ** attempt, MAX_BACKOFF_MS);
        attempt += 1;
        retryTimer = setTimeout(connect, delay);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [key, enabled, orderToken]);
}
