import { useEffect, useState } from 'react';

/**
 * Whether a panel stuck `topRem` below the top of the viewport still fits in it, with a rem to
 * spare at the bottom. A sticky panel taller than that keeps its end out of reach for good (at
 * 200% text the checkout's "Place Order" stayed half below the fold, WCAG 1.4.4), so such a panel
 * should scroll with the page instead. Measured again when the panel or the window changes size,
 * which covers the browser's text size too.
 */
export function useStickyFits<T extends HTMLElement>(topRem: number): [(el: T | null) => void, boolean] {
  // A callback ref: the panel may mount after the hook first runs (an empty cart has none).
  const [el, setEl] = useState<T | null>(null);
  const [fits, setFits] = useState(true);
  useEffect(() => {
    if (!el) return;
    const measure = () => {
      const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      setFits(el.offsetHeight + (topRem + 1) * rem <= window.innerHeight);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    // The root font size changes the offset without always resizing the panel.
    observer.observe(document.documentElement);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [el, topRem]);
  return [setEl, fits];
}
