import { type FocusEvent, type ReactNode, useEffect, useRef } from 'react';

/**
 * Around sonner's Toaster: focus leaves the toasts wherever the keyboard takes it. sonner sends
 * focus back to the control it came from whenever it leaves the toasts, Tab past the last toast
 * included, so a keyboard user looped between the page's last control and the toasts for as long
 * as one showed, and landed on that control with no focus ring (seen on the driver's bottom bar;
 * WCAG 2.1.2, 2.4.7). sonner's own tracking is kept out of the focus events here; what is worth
 * keeping of it stays: when the toast holding focus goes away, focus goes back where it came from
 * instead of falling to the page body.
 */
export function ToastFocus({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  // Where focus came from when it entered the toasts, and the toast element that had it last.
  const from = useRef<HTMLElement | null>(null);
  const last = useRef<Element | null>(null);

  useEffect(() => {
    const settle = () => {
      const back = from.current;
      if (!back) return;
      const active = document.activeElement;
      if (active && box.current?.contains(active)) return;
      const dropped = (!active || active === document.body) && last.current !== null && !last.current.isConnected;
      from.current = null;
      last.current = null;
      // Moved on by the user (another control, or out of the page): nothing to give back.
      if (dropped && back.isConnected) back.focus({ preventScroll: true });
    };
    const observer = new MutationObserver(settle);
    if (box.current) observer.observe(box.current, { childList: true, subtree: true });
    // On the document, capturing: the handlers below stop the event before it reaches the box.
    const onFocusOut = (event: Event) => {
      if (event.target instanceof Node && box.current?.contains(event.target)) setTimeout(settle, 0);
    };
    document.addEventListener('focusout', onFocusOut, true);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusout', onFocusOut, true);
    };
  }, []);

  const onFocusCapture = (event: FocusEvent<HTMLDivElement>) => {
    // sonner's own focus handlers below never see it.
    event.stopPropagation();
    last.current = event.target;
    const came = event.relatedTarget;
    if (!from.current && came instanceof HTMLElement && !event.currentTarget.contains(came)) from.current = came;
  };
  return (
    <div
      ref={box}
      className="contents"
      onFocusCapture={onFocusCapture}
      onBlurCapture={(event) => event.stopPropagation()}
    >
      {children}
    </div>
  );
}
