import { isListed } from '../../../domain/restaurant-review';
import type { OrderQuote, QuoteOrderBody } from '../../../domain/contracts/orders/quote-order';
import type { OrderType } from '../../../domain/order-flow';
import { AppError } from '../../../domain/errors';
import { orderTotalFor, serviceFeeFor } from '../../../domain/ledger';
import { settingsFrom } from '../../../domain/settings';
import type { DbOrTx } from '../../db/client';
import { readSettings } from '../../platform/tenant-settings';
import { type PricedLine, loadOrderSite, priceLines } from './price-order';

/**
 * What an order of these priced lines costs, as placing it would charge: food, the branch's own
 * delivery fee (pickup is free) and the service fee. One reckoning for the quote and for the
 * place-order check against the total the customer confirmed.
 */
export function quoteOf(
  priced: { lines: PricedLine[]; subtotalMinor: number; lineIds: string[] },
  orderType: OrderType,
  branchDeliveryFeeMinor: number,
  serviceFeePercent: number,
): OrderQuote {
  const deliveryFeeMinor = orderType === 'DELIVERY' ? branchDeliveryFeeMinor : 0;
  const serviceFeeMinor = serviceFeeFor(priced.subtotalMinor, serviceFeePercent);
  return {
    lines: priced.lines.map((l, i) => ({
      lineId: priced.lineIds[i],
      menuItemId: l.menuItemId,
      name: l.name,
      unitPriceMinor: l.unitPriceMinor,
      quantity: l.quantity,
      lineTotalMinor: l.lineTotalMinor,
      options: l.options.map((o) => ({ group: o.group, name: o.name, priceMinor: o.priceMinor })),
    })),
    subtotalMinor: priced.subtotalMinor,
    deliveryFeeMinor,
    serviceFeeMinor,
    totalMinor: orderTotalFor({ subtotalMinor: priced.subtotalMinor, deliveryFeeMinor, serviceFeeMinor }),
  };
}

/**
 * Prices a cart now, from the menu, without placing it (docs/decisions/0209-checkout-reprices-before-placing.md):
 * checkout shows it and sends its total back as the total the customer confirmed. An item no longer
 * orderable is the same 409 placing the order would answer.
 */
export async function quoteOrder(db: DbOrTx, body: QuoteOrderBody): Promise<OrderQuote> {
  const site = await loadOrderSite(db, body.siteId);
  if (!isListed(site)) throw new AppError('NOT_FOUND', 'Restaurant not found');
  const priced = await priceLines(db, site, body.items);
  const settings = settingsFrom(await readSettings(db, ['service_fee_percent']));
  return quoteOf(priced, body.orderType, site.deliveryFeeMinor, settings.service_fee_percent);
}
