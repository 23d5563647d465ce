import type { CartConflict } from '../../domain/cart';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

/** One restaurant per cart: asks before another restaurant's items replace the cart. */
export function ReplaceCartDialog({
  conflict,
  onConfirm,
  onCancel,
}: {
  conflict: CartConflict | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={conflict !== null} onClose={onCancel} title="Start a new cart?">
      {conflict ? (
        <div className="grid gap-5">
          <p className="text-sm text-muted-foreground">
            Your cart has items from <strong className="text-foreground">{conflict.currentRestaurantName}</strong>. An
            order comes from one restaurant, so adding this will empty your cart and start a new one from{' '}
            <strong className="text-foreground">{conflict.newRestaurantName}</strong>.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onCancel}>
              Keep Current Cart
            </Button>
            <Button onClick={onConfirm}>Start New Cart</Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
