import { type RefObject, useEffect } from 'react';

/**
 * Focuses an element of a dialog once it is open. React's autoFocus runs before the native
 * <dialog> opens, and showModal() then moves focus to the first button (Close); waiting a tick
 * puts it where typing should start.
 */
export function useFocusOnOpen(ref: RefObject<HTMLElement | null>, selector?: string): void {
  useEffect(() => {
    const timer = setTimeout(() => {
      const el = selector ? ref.current?.querySelector<HTMLElement>(selector) : ref.current;
      el?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [ref, selector]);
}
