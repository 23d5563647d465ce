import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-driver.generated';
import type { LatLng } from '../ui/map/projection';
import { shouldSend } from './position-throttle';

/** The driver said yes once on this device; the browser's own permission still applies. */
const CONSENT_KEY = 'halalnosh.driver.shareLocation';

export type ShareState = 'off' | 'asking' | 'on' | 'denied' | 'unsupported';

function storedConsent(): boolean {
  try {
    return localStorage.getItem(CONSENT_KEY) === 'yes';
  } catch {
    return false;
  }
}

/**
 * While `active` (the driver's own job, assigned or picked up) and the driver has agreed, watches
 * the phone's position and reports it to the server (throttled: position-throttle.ts). Returns
 * the latest fix for the driver's own map and a way to start or stop sharing.
 */
export function useShareLocation(jobId: string, active: boolean) {
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const [consent, setConsent] = useState(storedConsent);
  const [state, setState] = useState<ShareState>(supported ? 'off' : 'unsupported');
  const [position, setPosition] = useState<(LatLng & { accuracy: number }) | null>(null);
  const lastSent = useRef<{ position: LatLng; at: number } | null>(null);

  useEffect(() => {
    if (!supported || !active || !consent) return;
    setState('asking');
    let stopped = false;
    const id = navigator.geolocation.watchPosition(
      (fix) => {
        if (stopped) return;
        const here = { lat: fix.coords.latitude, lng: fix.coords.longitude, accuracy: fix.coords.accuracy };
        setState('on');
        setPosition(here);
        const now = Date.now();
        if (!shouldSend(lastSent.current, here, now)) return;
        lastSent.current = { position: here, at: now };
        call(endpoints.dispatch.postDriverJobsByJobIdPosition, {
          params: { jobId },
          body: { lat: here.lat, lng: here.lng, accuracyMetres: Math.min(100_000, Math.round(here.accuracy)) },
        }).catch((error: unknown) => {
          // The job finished (409) or is no longer ours (404): stop; anything else tries again at the next fix.
          if (error instanceof ApiError && (error.status === 409 || error.status === 404)) stopped = true;
          else lastSent.current = null;
        });
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) setState('denied');
      },
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
    );
    return () => {
      stopped = true;
      navigator.geolocation.clearWatch(id);
    };
  }, [supported, active, consent, jobId]);

  const start = useCallback(() => {
    try {
      localStorage.setItem(CONSENT_KEY, 'yes');
    } catch {
      // Private mode: consent lasts for this page only.
    }
    setConsent(true);
  }, []);
  const stop = useCallback(() => {
    try {
      localStorage.removeItem(CONSENT_KEY);
    } catch {
      // Nothing stored.
    }
    setConsent(false);
    setState(supported ? 'off' : 'unsupported');
    setPosition(null);
  }, [supported]);

  return { state: consent || state === 'unsupported' ? state : 'off', position, start, stop };
}
