import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from '../lib/router';
import { cn } from '../lib/cn';

export type DropdownItem =
  | { kind: 'link'; label: ReactNode; to: string; icon?: ReactNode }
  | { kind: 'button'; label: ReactNode; onSelect: () => void; icon?: ReactNode }
  | { kind: 'text'; label: ReactNode };

/**
 * A disclosure menu: a button with aria-expanded that shows a list of links and actions.
 * Escape or a click outside closes it; Escape returns focus to the button.
 */
export function DropdownMenu({
  trigger,
  triggerLabel,
  items,
  align = 'end',
  className,
  triggerClassName,
}: {
  trigger: ReactNode;
  /** Accessible name of the button when the trigger shows only an icon. */
  triggerLabel?: string;
  items: DropdownItem[];
  align?: 'start' | 'end';
  className?: string;
  triggerClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const itemClass =
    'flex min-h-11 w-full items-center gap-2 rounded-sm px-3 py-2 text-left text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4';

  return (
    <div ref={rootRef} className={cn('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={triggerLabel}
        onClick={() => setOpen((v) => !v)}
        className={cn(
          'inline-flex h-11 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium hover:bg-muted',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 [&_svg]:size-5',
          triggerClassName,
        )}
      >
        {trigger}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className={cn(
          'absolute z-50 mt-2 min-w-56 rounded-md border border-border bg-card p-1 shadow-lg',
          align === 'end' ? 'right-0' : 'left-0',
        )}
      >
        <ul className="grid gap-0.5">
          {items.map((item, index) => (
            <li key={index}>
              {item.kind === 'link' ? (
                <Link to={item.to} className={itemClass} onClick={() => setOpen(false)}>
                  {item.icon}
                  {item.label}
                </Link>
              ) : item.kind === 'button' ? (
                <button
                  type="button"
                  className={itemClass}
                  onClick={() => {
                    setOpen(false);
                    item.onSelect();
                  }}
                >
                  {item.icon}
                  {item.label}
                </button>
              ) : (
                <p className="px-3 py-2 text-sm text-muted-foreground">{item.label}</p>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
