import { notifyManager } from '@tanstack/react-query';
import { startTransition, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot } from 'react-dom/client';
import { AppRoutes, preloadPages } from '../app/router';
import { deferParts, openAllParts } from '../lib/hydrate-when-seen';
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

function holdQueryNotifications(container: HTMLElement): void {
  holdingNotifications = true;
  notifyManager.setScheduler((notify) => {
    if (holdingNotifications) heldNotifications.push(notify);
    else setTimeout(notify, 0);
  });
  // Should the page never report hydrated (an error it recovers from by rendering afresh, say),
  // its components are still told, and what was done before is still done.
  setTimeout(() => {
    releaseQueryNotifications();
    replayEarlyInput(container, takeEarlyInput());
  }, 10_000);
}

function releaseQueryNotifications(): void {
  if (!holdingNotifications) return;
  holdingNotifications = false;
  for (const notify of heldNotifications.splice(0)) setTimeout(notify, 0);
}

/**
 * What a person did before the page hydrated, kept by the boot script of a server-rendered page
 * (src/server/plugins/paint-first.ts): the buttons tapped, in order, and the stepper counts it
 * showed meanwhile (element, property, value before, value it set).
 */
type EarlyInput = {
  taps: HTMLElement[];
  undo: Array<[Record<string, unknown>, 'textContent' | 'disabled', unknown, unknown]>;
  done: boolean;
};

/**
 * Ends the keeping: from now on the boot script lets taps through to React. Called as the page
 * reports hydrated, before anything can see that mark, so a tap that comes after it reaches React
 * at once instead of being kept for a replay that may find its button re-rendered.
 */
function takeEarlyInput(): EarlyInput | null {
  const early = (window as { halalnoshEarly?: EarlyInput }).halalnoshEarly;
  if (!early || early.done) return null;
  early.done = true;
  return early;
}

/**
 * Once the page has hydrated, what was done before is done again (docs/decisions/0237-early-input-kept.md).
 * Fields keep what was typed or chosen, but React hydrated them with the server's values (a search
 * would run for those): each changed one is told to React as the person's input (a text past
 * React's tracker of the value it last saw). The stepper counts the boot script showed are put
 * back to what React rendered, and the taps are replayed in order, each rendered before the next;
 * a tap that opened a dialog ends the replay (the later ones were meant for the page it covers).
 */
function replayEarlyInput(root: HTMLElement, early: EarlyInput | null): void {
  if (!early) return;
  const tell = (field: Element, type: string) => field.dispatchEvent(new Event(type, { bubbles: true }));
  for (const field of root.querySelectorAll('input')) {
    // A radio's group would need its order; the landing pages render none.
    if (field.type === 'checkbox') {
      if (field.checked === field.defaultChecked) continue;
      field.checked = field.defaultChecked;
      field.click();
    } else if (field.value !== field.defaultValue) {
      const typed = field.value;
      field.value = field.defaultValue;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, typed);
      tell(field, 'input');
    }
  }
  for (const select of root.querySelectorAll('select')) {
    if (
      select.selectedIndex !==
      Math.max(
        0,
        [...select.options].findIndex((o) => o.defaultSelected),
      )
    )
      tell(select, 'change');
  }
  // A tap kept on a part that hydrates when seen (src/web/lib/hydrate-when-seen.tsx) needs it hydrated:
  // React hydrates it at once as the replayed click reaches it, once it is open.
  if (early.taps.length) openAllParts();
  for (const [element, key, before, after] of early.undo.reverse()) {
    if (element[key] === after) element[key] = before;
  }
  for (const tap of early.taps) {
    if (!tap.isConnected || document.querySelector('dialog[open]')) break;
    flushSync(() => tap.click());
  }
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
    const early = takeEarlyInput();
    container.dataset.hydrated = 'true';
    releaseQueryNotifications();
    // In a task of its own: React renders each replayed tap at once, which it cannot inside an effect.
    setTimeout(replayEarlyInput, 0, container, early);
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
  holdQueryNotifications(container);
  // Parts below the first screen (the cards, the city directory) hydrate when seen or first used
  // (docs/decisions/0264-landing-pages-hydrate-in-parts.md).
  deferParts();
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
