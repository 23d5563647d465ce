import { Button } from './button';
import { Dialog } from './dialog';
import { Spinner } from './spinner';

/** "Are you sure?" for an action that cannot be taken back: Cancel keeps things as they are. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy = false,
  destructive = true,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  destructive?: boolean;
}) {
  return (
    <Dialog open={open} onClose={busy ? () => undefined : onClose} title={title} description={description}>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant={destructive ? 'destructive' : 'default'} onClick={onConfirm} disabled={busy}>
          {busy ? <Spinner className="size-4 text-current" /> : null}
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
