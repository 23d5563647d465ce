import { useQuery } from '@tanstack/react-query';
import Banknote from 'lucide-react/icons/banknote';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-driver.generated';
import { formatDateTime, formatPrice } from '../lib/format';
import { Card } from '../ui/card';
import { Spinner } from '../ui/spinner';
import { driverCashKey } from './driver-api';

/**
 * docs/product/driver.md#cash: the cash the driver holds for the platform, collected at doors
 * minus what they handed in, with the latest hand-ins.
 */
export function CashBalanceCard() {
  const cash = useQuery({
    queryKey: driverCashKey,
    queryFn: ({ signal }) => call(endpoints.driver.getDriverCash, { signal }),
  });
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex items-start gap-3">
        <Banknote aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
        <div className="grid gap-1">
          <h2 id="cash-title" className="font-semibold">
            Cash in hand
          </h2>
          <p className="text-sm text-muted-foreground">Cash you collected from customers and have not handed in yet.</p>
        </div>
      </div>
      {cash.isPending ? (
        <Spinner className="size-4" label="Loading cash balance..." />
      ) : cash.isError ? (
        <p className="text-sm text-destructive">Could not load your cash balance.</p>
      ) : (
        <>
          <dl className="grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-muted-foreground">Collected</dt>
              <dd className="tabular-nums">{formatPrice(cash.data.collectedMinor)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Handed in</dt>
              <dd className="tabular-nums">{formatPrice(cash.data.handedInMinor)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Cash balance</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatPrice(cash.data.balanceMinor)}</dd>
            </div>
          </dl>
          {cash.data.handins.length ? (
            <ul className="grid gap-1 text-sm" aria-label="Cash handed in">
              {cash.data.handins.map((h) => (
                <li key={h.id} className="flex justify-between gap-2">
                  <span>
                    Handed in {formatDateTime(h.createdAt)}
                    {h.note ? ` (${h.note})` : ''}
                  </span>
                  <span className="tabular-nums">{formatPrice(h.amountMinor)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No cash handed in yet.</p>
          )}
        </>
      )}
    </Card>
  );
}
