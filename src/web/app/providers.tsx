import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, lazy, useEffect, useState } from 'react';
import { createQueryClient } from '../lib/query-client';
import { loadToastLibrary, toasterReady } from '../lib/toast';

/** sonner's Toaster, fetched after first paint (lib/toast.ts); tells the toast calls once it listens. */
const LazyToaster = lazy(async () => {
  const { Toaster } = await loadToastLibrary();
  function ReadyToaster() {
    // Runs after the Toaster's own effects, so it is subscribed before the first toast is shown.
    useEffect(toasterReady, []);
    return <Toaster position="top-center" richColors closeButton duration={5000} toastOptions={{ className: 'font-sans' }} />;
  }
  return { default: ReadyToaster };
});

/**
 * True from the visitor's first interaction (a toast mostly answers one), or once the browser is idle
 * a second after the page has loaded: the toast library is fetched and mounted then, so its download
 * and start-up do not compete with the first page's largest paint (LCP, issue 8 item 7), yet it is
 * in hand early, before a connection can drop (the connectivity toasts need it offline). A toast
 * asked for earlier waits for it (lib/toast.ts), so none is lost.
 */
function useToasterWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    const want = () => setWanted(true);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    const afterLoad = () => {
      timer = setTimeout(() => {
        if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(want, { timeout: 1000 });
        else want();
      }, 1000);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    for (const name of events) window.addEventListener(name, want, { once: true, passive: true, capture: true });
    return () => {
      window.removeEventListener('load', afterLoad);
      if (timer !== undefined) clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      for (const name of events) window.removeEventListener(name, want, { capture: true });
    };
  }, []);
  return wanted;
}

/** App-wide providers: the query client and the one toast area. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const toasterWanted = useToasterWanted();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {toasterWanted ? (
        <Suspense fallback={null}>
          <LazyToaster />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
