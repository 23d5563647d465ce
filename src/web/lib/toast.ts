import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

/**
 * Toasts without the toast library in the first page's JavaScript: the library is fetched right
 * after start-up (app/providers.tsx mounts its Toaster lazily) and every call waits until the
 * Toaster is listening, so an early toast is never lost.
 */

type Sonner = typeof SonnerModule;
type Message = Parameters<Sonner['toast']>[0];
type Kind = 'message' | 'success' | 'error' | 'warning' | 'info';

let library: Promise<Sonner> | null = null;

/** The toast library, loaded once. */
export function loadToastLibrary(): Promise<Sonner> {
  library ??= import('sonner');
  return library;
}

let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by the lazily mounted Toaster once it listens for toasts. */
export function toasterReady(): void {
  markMounted();
}

function show(kind: Kind, message: Message, options?: ExternalToast): void {
  void Promise.all([loadToastLibrary(), mounted]).then(([{ toast: t }]) => {
    if (kind === 'message') t(message, options);
    else t[kind](message, options);
  });
}

/** The same calls as sonner's toast: toast(…), toast.success(…), toast.error(…), toast.warning(…), toast.info(…). */
export const toast = Object.assign((message: Message, options?: ExternalToast) => show('message', message, options), {
  success: (message: Message, options?: ExternalToast) => show('success', message, options),
  error: (message: Message, options?: ExternalToast) => show('error', message, options),
  warning: (message: Message, options?: ExternalToast) => show('warning', message, options),
  info: (message: Message, options?: ExternalToast) => show('info', message, options),
});
