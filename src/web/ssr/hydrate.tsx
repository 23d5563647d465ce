import { notifyManager } from '@tanstack/react-query';
import { startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { AppRoutes, preloadPages } from '../app/router';
import { BrowserRouter } from '../lib/router';
import { AppTree, SERVER_STATE_ID, type ServerState } from './app-tree';

/** The state of a server-rendered page (its JSON block), or null for the client-rendered shell. */
export function readServerState(): ServerState | null {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerState;
  } catch {
    return null;
  }
}

/**
 * Query answers that arrive while the page hydrates (the session, say) are told to their components
 * once hydration is over. Components read the query cache through `useSyncExternalStore`, whose
 * updates always run synchronously: told during hydration, React finished hydrating the whole page
 * in that one task, 40-130 ms of main thread on a slow machine, instead of in its yielding slices
 * (docs/decisions/0186-landing-pages-main-thread.md). The answers are in the cache at once either way.
 */
const heldNotifications: Array<() => void> = [];
let holdingNotifications = false;

function holdQueryNotifications(): void {
  holdingNotifications = true;
  notifyManager.setScheduler((notify) => {
    if (holdingNotifications) heldNotifications.push(notify);
    else setTimeout(notify, 0);
  });
  // Should the page never report hydrated (an error it recovers from by rendering afresh, say),
  // its components are still told.
  setTimeout(releaseQueryNotifications, 10_000);
}

function releaseQueryNotifications(): void {
  if (!holdingNotifications) return;
  holdingNotifications = false;
  for (const notify of heldNotifications.splice(0)) setTimeout(notify, 0);
}

/**
 * Marks the container `data-hydrated` once the page and its layouts have hydrated (or, on a page the
 * browser renders itself, rendered) and their effects
 * have run (it follows the page inside the page's Suspense boundary, which hydrates in a pass of its
 * own after the tree around it): from then on the page's buttons and listeners work. A React fiber
 * on an element is not that moment, since hydration attaches them before it commits.
 */
export function Hydrated({ container }: { container: HTMLElement }) {
  useEffect(() => {
    container.dataset.hydrated = 'true';
    releaseQueryNotifications();
  }, [container]);
  return null;
}

/**
 * Hydrates a server-rendered page (docs/decisions/0177-server-rendered-customer-pages.md). The
 * matched routes' lazy modules are loaded first, so the first render is the page the server
 * rendered, not its loading fallback; the query cache starts with the server's answers.
 */
export async function hydrateServerPage(container: HTMLElement, state: ServerState): Promise<void> {
  await preloadPages(window.location.pathname);
  // The answers count as received now, as if the page had fetched them (their freshness is the
  // page's, which the server keeps within the response cache's minute): no refetch on hydration.
  const now = Date.now();
  for (const query of state.queries.queries) {
    query.state.dataUpdatedAt = now;
    query.dehydratedAt = now;
  }
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page; a tap meanwhile hydrates its part first
  // (docs/decisions/0180-rendered-pages-paint-before-scripts.md).
  holdQueryNotifications();
  startTransition(() => {
    hydrateRoot(
      container,
      <AppTree queries={state.queries}>
        <BrowserRouter>
          <AppRoutes after={<Hydrated container={container} />} />
        </BrowserRouter>
      </AppTree>,
    );
  });
}
