import { type ReactNode, Suspense, createElement, use, useEffect, useId, useRef, useSyncExternalStore } from 'react';

/**
 * Parts of a server-rendered page that hydrate when they are seen or used, not with the page
 * (docs/decisions/0264-landing-pages-hydrate-in-parts.md). While a landing page hydrates, each
 * part's content suspends behind a Suspense boundary, so React keeps the server's markup there as
 * it is (links work, the boot script keeps early taps) and hydrates the rest of the page without
 * it. A part opens, and React hydrates it in a pass of its own, when it comes near the screen,
 * at the person's first pointer, key or focus anywhere on the page (before the click that follows
 * reaches React, which then hydrates the tapped part at once), or before early taps are replayed.
 * Rendered in the browser without a server page, or on the server, a part renders at once.
 */
type Gate = { open: boolean; promise: Promise<void>; release: () => void };

const gates = new Map<string, Gate>();
let deferring = false;

function gateOf(id: string): Gate {
  let gate = gates.get(id);
  if (!gate) {
    let release = () => {};
    const promise = new Promise<void>((resolve) => (release = resolve));
    gate = { open: false, promise, release };
    gate.release = () => {
      gate!.open = true;
      release();
    };
    gates.set(id, gate);
  }
  return gate;
}

/** Opens every part: the page is being used (or early taps are about to be replayed on it). */
export function openAllParts(): void {
  deferring = false;
  for (const gate of gates.values()) gate.release();
}

/** Called before a server page hydrates: parts wait until seen or used; the first input opens them all. */
export function deferParts(): void {
  deferring = true;
  // Any input (a pointer, a key, focus, a field changed or a click however made) or a move in the
  // history: what it changes may reach a part, and React holds a transition back while it meets one
  // not yet hydrated (the sort's new order was never shown).
  for (const type of ['pointerdown', 'keydown', 'focusin', 'touchstart', 'input', 'change', 'click', 'popstate']) {
    addEventListener(type, openAllParts, { once: true, capture: true, passive: true });
  }
}

const subscribe = () => () => {};

/**
 * Suspends while its part is hydrating and closed. `useSyncExternalStore` tells hydration (the
 * server snapshot is read) from a render of the browser's own: should the page re-render the part
 * before it opened, React renders it afresh instead, and it must not suspend then.
 */
function Part({ id, children }: { id: string; children: ReactNode }) {
  const hydrating = useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
  if (hydrating && deferring) {
    const gate = gateOf(id);
    if (!gate.open) use(gate.promise);
  }
  return children;
}

let seen: IntersectionObserver | null = null;
const seenGates = new WeakMap<Element, Gate>();

/**
 * A part of a server-rendered page in its own element (`as`, with `className`), hydrated when it
 * comes within 200 px of the screen or the page is first used.
 */
export function HydrateWhenSeen({
  as = 'div',
  className,
  children,
}: {
  as?: 'div' | 'li';
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  // Re-rendered before it opened (new props): opened now, so that React hydrates the part first
  // instead of replacing its server markup with a render of its own.
  const mounted = useRef(false);
  if (mounted.current) gates.get(id)?.release();
  useEffect(() => {
    mounted.current = true;
    const gate = gates.get(id);
    const el = ref.current;
    if (!gate || gate.open || !el || !window.IntersectionObserver) return gate?.release();
    seen ??= new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (!e.isIntersecting) continue;
          seen!.unobserve(e.target);
          seenGates.get(e.target)?.release();
        }
      },
      { rootMargin: '200px' },
    );
    seenGates.set(el, gate);
    seen.observe(el);
    return () => seen?.unobserve(el);
  }, [id]);
  return createElement(
    as,
    { ref, className },
    <Suspense fallback={null}>
      <Part id={id}>{children}</Part>
    </Suspense>,
  );
}
