import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, lazy, useEffect, useState, useSyncExternalStore } from 'react';
import { createQueryClient } from '../lib/query-client';
import { onToasterWanted, toastLibrary, toasterReady, toasterWanted } from '../lib/toast';
import { ToastFocus } from './toast-focus';

/** sonner's Toaster, fetched with the first toast (lib/toast.ts); tells the toast calls once it listens. */
const LazyToaster = lazy(async () => {
  const { Toaster } = await toastLibrary();
  function ReadyToaster() {
    // Runs after the Toaster's own effects, so it is subscribed before the first toast is shown.
    useEffect(toasterReady, []);
    return (
      <Toaster position="top-center" richColors closeButton duration={5000} toastOptions={{ className: 'font-sans' }} />
    );
  }
  return { default: ReadyToaster };
});

/** App-wide providers: the query client and the one toast area. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // The toast library is no part of a page until its first toast (docs/decisions/0176-honest-javascript-budget.md).
  const toasts = useSyncExternalStore(onToasterWanted, toasterWanted, () => false);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastFocus>
        {toasts && (
          <Suspense fallback={null}>
            <LazyToaster />
          </Suspense>
        )}
      </ToastFocus>
    </QueryClientProvider>
  );
}
