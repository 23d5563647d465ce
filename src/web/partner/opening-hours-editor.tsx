import { WEEKDAYS, type OpeningHours, type Weekday } from '../../domain/opening-hours';
import { inputClasses } from '../ui/input';
import { TableHead } from '../ui/table-head';
import { cn } from '../lib/cn';

const DAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** Opening hours per weekday: open and close times (London time), or closed. */
export function OpeningHoursEditor({
  value,
  onChange,
  disabled,
}: {
  value: OpeningHours;
  onChange: (next: OpeningHours) => void;
  disabled?: boolean;
}) {
  const setDay = (day: Weekday, patch: Partial<OpeningHours[Weekday]>) =>
    onChange({ ...value, [day]: { ...value[day], ...patch } });
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Opening hours per weekday</caption>
      <TableHead cell="py-2" columns={['Day', 'Opens', 'Closes', 'Closed']} plain />
      <tbody>
        {WEEKDAYS.map((day) => {
          const h = value[day];
          return (
            <tr key={day} className="border-t border-border">
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                {DAY_LABELS[day]}
              </th>
              <td className="py-2 pr-3">
                <input
                  type="time"
                  aria-label={`${DAY_LABELS[day]} opens`}
                  value={h.open}
                  disabled={disabled || h.closed}
                  onChange={(e) => setDay(day, { open: e.target.value })}
                  className={cn(inputClasses, 'h-10 w-32')}
                />
              </td>
              <td className="py-2 pr-3">
                <input
                  type="time"
                  aria-label={`${DAY_LABELS[day]} closes`}
                  value={h.close}
                  disabled={disabled || h.closed}
                  onChange={(e) => setDay(day, { close: e.target.value })}
                  className={cn(inputClasses, 'h-10 w-32')}
                />
              </td>
              <td className="py-2">
                <input
                  type="checkbox"
                  aria-label={`${DAY_LABELS[day]} closed`}
                  checked={h.closed}
                  disabled={disabled}
                  onChange={(e) => setDay(day, { closed: e.target.checked })}
                  className="size-5 accent-primary"
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
