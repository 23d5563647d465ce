import { useCallback, useState } from 'react';
import { type DeliveryAction, type LocalProgress, NO_PROGRESS, advance } from '../../domain/driver-flow';

const key = (jobId: string) => `halalnosh-driver-job-${jobId}`;

function read(jobId: string): LocalProgress {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(key(jobId)) ?? 'null') as Partial<LocalProgress> | null;
    return parsed ? { ...NO_PROGRESS, ...parsed } : NO_PROGRESS;
  } catch {
    return NO_PROGRESS;
  }
}

/**
 * The arrival steps and navigation flags of one job, kept on this phone (docs/product/driver.md#delivery-screen) so a reload
 * or a trip to the maps app resumes where the driver was. Cleared when the job completes.
 */
export function useJobProgress(jobId: string) {
  const [progress, setProgress] = useState<LocalProgress>(() => read(jobId));
  const apply = useCallback(
    (action: DeliveryAction) => {
      setProgress((current) => {
        const next = advance(current, action);
        try {
          window.localStorage.setItem(key(jobId), JSON.stringify(next));
        } catch {
          // Private mode: the steps last for this visit only.
        }
        return next;
      });
    },
    [jobId],
  );
  const clear = useCallback(() => {
    try {
      window.localStorage.removeItem(key(jobId));
    } catch {
      // nothing stored
    }
    setProgress(NO_PROGRESS);
  }, [jobId]);
  return { progress, apply, clear };
}
