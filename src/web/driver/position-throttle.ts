import { type LatLng, distanceMetres } from '../ui/map/projection';

/** At most one report every 10 s, sooner only after 50 m of movement (docs/decisions/0080-maps.md). */
export const SEND_EVERY_MS = 10_000;
export const SEND_AFTER_METRES = 50;
/** Even a fast-moving phone is not reported more often than this. */
export const MIN_GAP_MS = 2_000;

/** Whether a new fix should be sent, given the last one sent (null: none yet). */
export function shouldSend(last: { position: LatLng; at: number } | null, position: LatLng, now: number): boolean {
  if (!last) return true;
  const elapsed = now - last.at;
  if (elapsed >= SEND_EVERY_MS) return true;
  return elapsed >= MIN_GAP_MS && distanceMetres(last.position, position) >= SEND_AFTER_METRES;
}
