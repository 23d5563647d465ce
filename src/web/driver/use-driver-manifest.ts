import { useEffect } from 'react';

/**
 * Links the driver app's web manifest while a driver page is shown, so a phone offers to install
 * "HalalNosh Driver" with its own start page and icons; the customer site keeps none.
 */
export function useDriverManifest(): void {
  useEffect(() => {
    const added: HTMLElement[] = [];
    const add = (tag: 'link' | 'meta', attrs: Record<string, string>) => {
      const el = document.createElement(tag);
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      el.dataset.driverApp = 'true';
      document.head.appendChild(el);
      added.push(el);
    };
    if (!document.querySelector('link[rel="manifest"]'))
      add('link', { rel: 'manifest', href: '/manifest-driver.webmanifest' });
    add('link', { rel: 'apple-touch-icon', href: '/icons/driver-192.png' });
    add('meta', { name: 'apple-mobile-web-app-capable', content: 'yes' });
    add('meta', { name: 'apple-mobile-web-app-title', content: 'HalalNosh Driver' });
    return () => {
      for (const el of added) el.remove();
    };
  }, []);
}
