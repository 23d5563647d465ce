import { Navigate } from 'react-router';
import { useCartCount } from '../lib/cart-storage';
import { PageIntro } from '../ui/page-intro';

/** /checkout: an empty cart goes back to /cart (spec 1, section 2); the form arrives with checkout. */
export function CheckoutPage() {
  const count = useCartCount();
  if (count === 0) return <Navigate to="/cart" replace />;
  return (
    <PageIntro
      title="Checkout"
      note="Choose delivery or pickup, enter your name, phone and address, and place your order (cash only) here."
    />
  );
}
