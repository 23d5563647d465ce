import { useEffect } from 'react';
import { toast } from '../lib/toast';

/** Tells the user when the browser goes offline and when it is back (docs/product/customer.md#global-screens). */
export function ConnectivityToasts() {
  useEffect(() => {
    const onOnline = () => toast.success('Connection restored', { id: 'connectivity' });
    const onOffline = () =>
      toast.error('Connection lost - some features may not work', { id: 'connectivity', duration: Infinity });
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, []);
  return null;
}
