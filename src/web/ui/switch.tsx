import { cn } from '../lib/cn';

/**
 * An on/off switch (WAI-ARIA switch pattern on a real button: Space and Enter toggle it).
 * Give it a visible label through `label`, or an accessible one through `aria-label`.
 * `busy` (a change being saved) refuses toggles but keeps the switch focusable: `disabled` on
 * the focused button would drop keyboard focus to the page body.
 */
export function Switch({
  checked,
  onCheckedChange,
  label,
  disabled,
  busy,
  className,
  'aria-label': ariaLabel,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label?: string;
  disabled?: boolean;
  busy?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}) {
  const button = (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      // Named outright: a button inside its own <label> otherwise computes an empty name in
      // Chromium's accessibility tree and Playwright (the label's text includes the button).
      aria-label={label ?? ariaLabel}
      aria-describedby={describedBy}
      aria-invalid={invalid}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={() => {
        if (!busy) onCheckedChange(!checked);
      }}
      className={cn(
        // A 44 x 44 touch target (WCAG 2.5.5) around the 44 x 24 track.
        'inline-flex h-11 w-11 shrink-0 items-center rounded-full',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
        !label && className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'relative inline-flex h-6 w-11 items-center rounded-full border-2 border-transparent transition-colors',
          checked ? 'bg-primary' : 'bg-input',
        )}
      >
        <span
          className={cn(
            'block size-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5' : 'translate-x-0',
          )}
        />
      </span>
    </button>
  );
  if (!label) return button;
  return (
    <label className={cn('inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium', className)}>
      {button}
      <span aria-hidden="true">{label}</span>
    </label>
  );
}
