import X from 'lucide-react/icons/x';
import { useEffect, useState } from 'react';
import { toast, toastLibraryLoaded } from '../lib/toast';

const LOST = 'Connection lost - some features may not work';

/**
 * Tells the user when the browser goes offline and when it is back (docs/product/customer.md#global-screens).
 * The toast library loads with a page's first toast (docs/decisions/0176-honest-javascript-budget.md), which
 * cannot happen offline: when the connection is lost before any toast, the same words show in a notice of
 * their own, in the toasts' place and colours, until the connection is back or the notice is closed.
 */
export function ConnectivityToasts() {
  const [notice, setNotice] = useState(false);
  useEffect(() => {
    const onOnline = () => {
      setNotice(false);
      toast.success('Connection restored', { id: 'connectivity' });
    };
    const onOffline = () => {
      if (toastLibraryLoaded()) toast.error(LOST, { id: 'connectivity', duration: Infinity });
      else setNotice(true);
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, []);
  if (!notice) return null;
  return (
    <div
      role="status"
      className="fixed left-1/2 top-6 z-[1000] flex w-[356px] max-w-[calc(100vw-2rem)] -translate-x-1/2 items-center gap-1.5 rounded-lg border border-[hsl(359,100%,94%)] bg-[hsl(359,100%,97%)] p-4 font-sans text-[13px] text-[hsl(360,100%,45%)] shadow-md"
    >
      {/* sonner's error icon, so the notice reads as the toast it stands in for. */}
      <svg viewBox="0 0 20 20" fill="currentColor" className="size-5 shrink-0" aria-hidden="true">
        <path
          fillRule="evenodd"
          clipRule="evenodd"
          d="M18 10a8 8 0 11-16 0 8 8 0 0116 0zm-8-5a.75.75 0 01.75.75v4.5a.75.75 0 01-1.5 0v-4.5A.75.75 0 0110 5zm0 10a1 1 0 100-2 1 1 0 000 2z"
        />
      </svg>
      <p className="flex-1 font-medium">{LOST}</p>
      <button
        type="button"
        aria-label="Close toast"
        onClick={() => setNotice(false)}
        className="absolute -left-[7px] -top-[7px] flex size-5 items-center justify-center rounded-full border border-[hsl(359,100%,94%)] bg-[hsl(359,100%,97%)] focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X className="size-3" aria-hidden="true" />
      </button>
    </div>
  );
}
