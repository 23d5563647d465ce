import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

/**
 * Toasts without the toast library in a page's JavaScript until a toast is shown
 * (docs/decisions/0176-honest-javascript-budget.md): the first call fetches the library and asks
 * app/providers.tsx to mount its Toaster; every call waits until the Toaster is listening, so no
 * toast is lost and they show in the order they were made. Every page imports `toast` from here,
 * never from 'sonner' (lint refuses it).
 */

type Sonner = typeof SonnerModule;
type Message = Parameters<Sonner['toast']>[0];
type Kind = 'message' | 'success' | 'error' | 'warning' | 'info';

let library: Promise<Sonner> | null = null;
let loaded = false;
let wanted = false;
const listeners = new Set<() => void>();

/** The toast library, loaded once; the first call also asks for the Toaster to be mounted. */
export function loadToastLibrary(): Promise<Sonner> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  library ??= import('sonner').then(
    (sonner) => {
      loaded = true;
      return sonner;
    },
    (error: unknown) => {
      // Offline or a failed fetch: the next toast tries again.
      library = null;
      throw error;
    },
  );
  return library;
}

/**
 * The toast library, waiting for the connection when it cannot be fetched (offline): a toast asked for
 * offline shows once the browser is back online, and the Toaster never fails to mount.
 */
export function toastLibrary(): Promise<Sonner> {
  return loadToastLibrary().catch(
    () =>
      new Promise<Sonner>((resolve) => {
        window.addEventListener('online', () => resolve(toastLibrary()), { once: true });
      }),
  );
}

/** Whether the toast library is in the page (a toast can show without the network). */
export function toastLibraryLoaded(): boolean {
  return loaded;
}

/** Whether a toast has been asked for yet (app/providers.tsx mounts the Toaster from then on). */
export function toasterWanted(): boolean {
  return wanted;
}

/** Subscribes to the moment the first toast is asked for (useSyncExternalStore's shape). */
export function onToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by the lazily mounted Toaster once it listens for toasts. */
export function toasterReady(): void {
  markMounted();
}

/** Runs `use` on the library once the Toaster listens; calls keep their order. */
function whenReady(use: (library: Sonner) => void): void {
  void Promise.all([toastLibrary(), mounted]).then(([sonner]) => use(sonner));
}

function show(kind: Kind, message: Message, options?: ExternalToast): void {
  whenReady(({ toast: t }) => {
    if (kind === 'message') t(message, options);
    else t[kind](message, options);
  });
}

/**
 * The same calls as sonner's toast: toast(…), toast.success(…), toast.error(…), toast.warning(…),
 * toast.info(…) and toast.dismiss(id).
 */
export const toast = Object.assign((message: Message, options?: ExternalToast) => show('message', message, options), {
  success: (message: Message, options?: ExternalToast) => show('success', message, options),
  error: (message: Message, options?: ExternalToast) => show('error', message, options),
  warning: (message: Message, options?: ExternalToast) => show('warning', message, options),
  info: (message: Message, options?: ExternalToast) => show('info', message, options),
  dismiss: (id?: string | number): void => {
    // Nothing can be showing before the library has loaded.
    if (library) whenReady(({ toast: t }) => t.dismiss(id));
  },
});
