import { useEffect, useRef, useState } from 'react';
import type { LiveEvent } from '../lib/live';

export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

const MAX_BACKOFF_MS = 30_000;

/**
 * Live events of some locations (`site:{id}`) with the connection's state, for the orders console
 * and the kitchen display. After any drop (network blip, server restart, laptop asleep) it
 * reconnects and calls `onCatchUp`, so the screen refetches what it may have missed; coming back
 * online or to the tab does the same.
 */
export function useSiteEvents(
  siteIds: readonly string[],
  onEvent: (event: LiveEvent) => void,
  onCatchUp: () => void,
): StreamStatus {
  const handlers = useRef({ onEvent, onCatchUp });
  useEffect(() => {
    handlers.current = { onEvent, onCatchUp };
  });
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const key = siteIds.map((id) => `site:${id}`).join(',');

  useEffect(() => {
    if (!key || typeof EventSource === 'undefined') return;
    const url = `/api/events?${new URLSearchParams({ topics: key })}`;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let dropped = false;
    let stopped = false;

    const connect = () => {
      source?.close();
      source = new EventSource(url);
      source.onopen = () => {
        attempt = 0;
        setStatus('live');
        if (dropped) handlers.current.onCatchUp();
        dropped = false;
      };
      source.onmessage = (message) => {
        try {
          handlers.current.onEvent(JSON.parse(message.data) as LiveEvent);
        } catch {
          // a malformed message is skipped
        }
      };
      source.onerror = () => {
        if (stopped) return;
        dropped = true;
        setStatus('reconnecting');
        // EventSource retries by itself unless the server refused the stream for good.
        if (source?.readyState === EventSource.CLOSED) {
          clearTimeout(retry);
          retry = setTimeout(connect, Math.min(1000 * 2 ** attempt++, MAX_BACKOFF_MS));
        }
      };
    };
    const onOnline = () => {
      handlers.current.onCatchUp();
      if (source?.readyState !== EventSource.OPEN) connect();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') handlers.current.onCatchUp();
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
  }, [key]);

  return status;
}
