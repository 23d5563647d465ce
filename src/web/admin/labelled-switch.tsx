import { cn } from '../lib/cn';
import { Switch } from '../ui/switch';

/**
 * A switch with a visible label that is also its accessible name (aria-label on the switch; the
 * wrapping label makes the text clickable).
 */
export function LabelledSwitch({
  label,
  checked,
  onCheckedChange,
  disabled,
  className,
  describedBy,
  invalid,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
  describedBy?: string;
  /** Marks the switch invalid (a refused value), so a form's focus lands on it. */
  invalid?: boolean;
}) {
  return (
    <label className={cn('inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium', className)}>
      <Switch
        aria-label={label}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
      />
      <span aria-hidden="true">{label}</span>
    </label>
  );
}
