import { type ChosenOption, optionsText } from '../../../domain/menu-options';
import { LATE_MESSAGE } from '../../../domain/eta';
import { formatFee, formatPence } from '../../../domain/money';
import { COMPANY_TEXTS, type CompanyDetails, emailFooterText } from '../../../domain/company-details';
import type { OutboxPayload } from '../../db/schema/index';

/**
 * The texts of every notification (docs/product/orders.md#notifications). Links are app paths
 * prefixed with `{{app}}`, which the worker turns into PUBLIC_URL when it sends, so a payload can
 * be rendered inside any transaction without the configuration at hand.
 */
export const APP = '{{app}}';

/**
 * The company name and support phone of the platform settings. Templates write these
 * placeholders; the enqueue fills them from the settings in force when the row is written
 * (`withCompanyDetails`), so the stored row is the message as sent
 * (docs/decisions/0171-company-details-in-messages.md).
 */
export const COMPANY = '{{company}}';
export const SUPPORT_PHONE = '{{supportPhone}}';
const PLACEHOLDERS = { company: 'companyName', supportPhone: 'supportPhone' } as const;

/** The last line of every e-mail's text part, added to the e-mail rows only (SMS and push stay short). */
const EMAIL_FOOTER_TEXT = emailFooterText({ companyName: COMPANY, supportPhone: SUPPORT_PHONE });

const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function fill(s: string, c: CompanyDetails, escape: (v: string) => string): string {
  return s.replace(/\{\{(company|supportPhone)\}\}/g, (_, key: keyof typeof PLACEHOLDERS) =>
    escape(c[PLACEHOLDERS[key]]),
  );
}

/**
 * A payload with the company details filled in, in one pass (a name that looks like a placeholder
 * stays as typed); the HTML part gets them escaped, and an e-mail's text part gets the footer.
 */
export function withCompanyDetails(payload: OutboxPayload, channel: string, c: CompanyDetails): OutboxPayload {
  const plain = (v: string) => v;
  return {
    ...payload,
    title: fill(payload.title, c, plain),
    text: fill(channel === 'email' ? `${payload.text}${EMAIL_FOOTER_TEXT}` : payload.text, c, plain),
    ...(payload.html ? { html: fill(payload.html, c, escapeHtml) } : {}),
  };
}

/** The HTML part: the same words as the text part, in a plain, readable frame. */
function htmlFrame(
  title: string,
  bodyHtml: string,
  link?: { href: string; label: string },
  afterLinkHtml = '',
): string {
  return `<!doctype html><html lang="en-GB"><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:16px">
<h1 style="font-size:20px;color:#065f46">${escapeHtml(title)}</h1>
${bodyHtml}
${link ? `<p><a href="${escapeHtml(link.href)}" style="color:#047857;font-weight:600">${escapeHtml(link.label)}</a></p>` : ''}${afterLinkHtml}
<p style="color:#6b7280;font-size:12px">${COMPANY_TEXTS.emailFooter({ companyName: COMPANY, supportPhone: SUPPORT_PHONE })}</p>
</body></html>`;
}

/** A short status message: one sentence, a link, and the same as HTML. */
export function statusMessage(
  title: string,
  sentence: string,
  path: string,
  linkLabel = 'Track your order',
): OutboxPayload {
  const href = `${APP}${path}`;
  return {
    title,
    text: `${sentence}\n\n${linkLabel}: ${href}`,
    html: htmlFrame(title, `<p>${escapeHtml(sentence)}</p>`, { href, label: linkLabel }),
    url: path,
  };
}

export type ReceiptOrder = {
  orderNumber: string;
  branchName: string;
  orderType: 'DELIVERY' | 'PICKUP';
  items: {
    name: string;
    quantity: number;
    unitPriceMinor: number;
    lineTotalMinor: number;
    /** Chosen options (docs/product/customer.md#item-options); the unit price includes them. */
    options?: ChosenOption[];
  }[];
  subtotalMinor: number;
  deliveryFeeMinor: number;
  serviceFeeMinor: number;
  /** The restaurant offer's label and saving (docs/decisions/0250-restaurant-offers-pricing.md). */
  offerLabel?: string | null;
  offerDiscountMinor?: number;
  offerDeliveryDiscountMinor?: number;
  /** A platform voucher's code and saving (docs/product/customer.md#vouchers); 0 without one. */
  voucherCode?: string | null;
  voucherDiscountMinor?: number;
  totalMinor: number;
  deliveryAddress: string | null;
  deliveryPostcode: string | null;
  placedAt: Date;
  /** An order for later: its slot, "Arrive for iftar: Thu 26 Nov, 15:35–16:05" (docs/product/customer.md#order-for-later). */
  scheduledText?: string | null;
  /** `/order/HN-…`, with the visitor's private token when there is no account. */
  trackPath: string;
};

/** The voucher's line on a receipt: "Voucher K7PQ2MXH9R (paid by HalalNosh): -£5.00". */
export function voucherLine(code: string, discountMinor: number): string {
  return `Voucher ${code} (paid by ${COMPANY}): ${formatPence(-discountMinor)}`;
}

/**
 * The order confirmation as a receipt (docs/product/orders.md#notifications). Without `html` (no
 * e-mail can go out: a visitor who gave no address) only the text is made, for the SMS.
 */
export function receiptMessage(o: ReceiptOrder, parts: { html: boolean } = { html: true }): OutboxPayload {
  const title = `Your ${COMPANY} order ${o.orderNumber}`;
  const help = COMPANY_TEXTS.receiptHelp(SUPPORT_PHONE);
  const href = `${APP}${o.trackPath}`;
  const address =
    o.orderType === 'DELIVERY' ? [o.deliveryAddress, o.deliveryPostcode].filter(Boolean).join(', ') : null;
  const voucher = o.voucherDiscountMinor ? voucherLine(o.voucherCode ?? '', o.voucherDiscountMinor) : null;
  const lines = o.items.flatMap((i) => [
    `${i.quantity} × ${i.name} (${formatPence(i.unitPriceMinor)} each)  ${formatPence(i.lineTotalMinor)}`,
    ...(i.options?.length ? [`    ${optionsText(i.options, formatPence)}`] : []),
  ]);
  const saving = (o.offerDiscountMinor ?? 0) + (o.offerDeliveryDiscountMinor ?? 0);
  const offerLine = o.offerLabel && saving > 0 ? `Offer (${o.offerLabel}): -${formatPence(saving)}` : null;
  const text = [
    `Thank you for your order from ${o.branchName}.`,
    '',
    `Order number: ${o.orderNumber}`,
    `Placed: ${dateTime.format(o.placedAt)}`,
    ...(o.scheduledText ? [o.scheduledText] : []),
    `Branch: ${o.branchName}`,
    o.orderType === 'DELIVERY' ? `Delivery to: ${address}` : 'Collection from the branch',
    '',
    ...lines,
    '',
    `Subtotal: ${formatPence(o.subtotalMinor)}`,
    ...(o.orderType === 'DELIVERY' ? [`Delivery fee: ${formatFee(o.deliveryFeeMinor)}`] : []),
    ...(o.serviceFeeMinor > 0 ? [`Service fee: ${formatPence(o.serviceFeeMinor)}`] : []),
    ...(offerLine ? [offerLine] : []),
    ...(voucher ? [voucher] : []),
    `Total: ${formatPence(o.totalMinor)}`,
    `Payment: cash on ${o.orderType === 'DELIVERY' ? 'delivery' : 'collection'}`,
    '',
    `Track your order: ${href}`,
    help,
  ].join('\n');
  if (!parts.html) return { title, text, url: o.trackPath };
  const rows = o.items
    .map(
      (i) =>
        `<tr><td style="padding:4px 8px">${i.quantity} × ${escapeHtml(i.name)}${
          i.options?.length
            ? `<br><span style="color:#57534e;font-size:13px">${escapeHtml(optionsText(i.options, formatPence))}</span>`
            : ''
        }</td><td style="padding:4px 8px;text-align:right">${formatPence(i.unitPriceMinor)}</td><td style="padding:4px 8px;text-align:right">${formatPence(i.lineTotalMinor)}</td></tr>`,
    )
    .join('');
  const html = htmlFrame(
    title,
    `<p>Thank you for your order from ${escapeHtml(o.branchName)}.</p>
<p>Order number: <strong>${escapeHtml(o.orderNumber)}</strong><br>Placed: ${escapeHtml(dateTime.format(o.placedAt))}<br>${
      o.scheduledText ? `<strong>${escapeHtml(o.scheduledText)}</strong><br>` : ''
    }Branch: ${escapeHtml(o.branchName)}<br>${
      o.orderType === 'DELIVERY' ? `Delivery to: ${escapeHtml(address ?? '')}` : 'Collection from the branch'
    }</p>
<table style="border-collapse:collapse;width:100%"><thead><tr><th style="text-align:left;padding:4px 8px">Item</th><th style="text-align:right;padding:4px 8px">Price</th><th style="text-align:right;padding:4px 8px">Amount</th></tr></thead><tbody>${rows}</tbody></table>
<p>Subtotal: ${formatPence(o.subtotalMinor)}${
      o.orderType === 'DELIVERY' ? `<br>Delivery fee: ${formatFee(o.deliveryFeeMinor)}` : ''
    }${o.serviceFeeMinor > 0 ? `<br>Service fee: ${formatPence(o.serviceFeeMinor)}` : ''}${
      offerLine ? `<br>${escapeHtml(offerLine)}` : ''
    }${voucher ? `<br>${escapeHtml(voucher)}` : ''}<br><strong>Total: ${formatPence(o.totalMinor)}</strong><br>Payment: cash on ${o.orderType === 'DELIVERY' ? 'delivery' : 'collection'}</p>`,
    { href, label: 'Track your order' },
    `<p>${help}</p>`,
  );
  return { title, text, html, url: o.trackPath };
}

export type StatusContext = {
  orderNumber: string;
  branchName: string;
  orderType: 'DELIVERY' | 'PICKUP';
  reason?: string | null;
};

/** The customer's short status messages, by kind. */
export const customerStatus = {
  orderAccepted: (o: StatusContext) =>
    statusMessage(
      `Order ${o.orderNumber} accepted`,
      `${o.branchName} has accepted your order and is preparing it.`,
      `/order/${o.orderNumber}`,
    ),
  orderRejected: (o: StatusContext) =>
    statusMessage(
      `Order ${o.orderNumber} rejected`,
      `${o.branchName} could not take your order${o.reason ? `: ${o.reason}` : ''}. Nothing is owed.`,
      `/order/${o.orderNumber}`,
    ),
  driverAssigned: (o: StatusContext) =>
    statusMessage(
      `Driver assigned to ${o.orderNumber}`,
      `A driver is on the way to ${o.branchName} to collect your order.`,
      `/order/${o.orderNumber}`,
    ),
  driverArrived: (o: StatusContext) =>
    statusMessage(
      `Your driver has arrived`,
      `Your driver is outside with order ${o.orderNumber}.`,
      `/order/${o.orderNumber}`,
    ),
  outForDelivery: (o: StatusContext) =>
    statusMessage(
      `Order ${o.orderNumber} is out for delivery`,
      'Your order is on its way to you.',
      `/order/${o.orderNumber}`,
    ),
  delivered: (o: StatusContext) =>
    o.orderType === 'DELIVERY'
      ? statusMessage(
          `Order ${o.orderNumber} delivered`,
          'Your order has been delivered. Enjoy your meal!',
          `/order/${o.orderNumber}`,
          'Rate your order',
        )
      : statusMessage(
          `Order ${o.orderNumber} collected`,
          'Your order has been collected. Enjoy your meal!',
          `/order/${o.orderNumber}`,
          'Rate your order',
        ),
  orderLate: (o: StatusContext) =>
    statusMessage(`${LATE_MESSAGE.title}: ${o.orderNumber}`, LATE_MESSAGE.body, `/order/${o.orderNumber}`),
  orderCancelled: (o: StatusContext) =>
    statusMessage(
      `Order ${o.orderNumber} cancelled`,
      `Your order from ${o.branchName} has been cancelled${o.reason ? `: ${o.reason}` : ''}.`,
      `/order/${o.orderNumber}`,
    ),
};

export const partnerStatus = {
  newOrder: (o: StatusContext & { totalMinor: number }) =>
    statusMessage(
      `New order ${o.orderNumber}`,
      `New ${o.orderType === 'DELIVERY' ? 'delivery' : 'collection'} order at ${o.branchName}: ${formatPence(o.totalMinor)}.`,
      '/partner/orders',
      'Open the orders console',
    ),
  branchOrderCancelled: (o: StatusContext) =>
    statusMessage(
      `Order ${o.orderNumber} cancelled`,
      `Order ${o.orderNumber} at ${o.branchName} has been cancelled${o.reason ? `: ${o.reason}` : ''}.`,
      '/partner/orders',
      'Open the orders console',
    ),
};

export const driverStatus = {
  newJob: (j: { area: string; branchName: string }) =>
    statusMessage(
      `New job in ${j.area}`,
      `A delivery from ${j.branchName} is waiting in your area.`,
      '/driver/jobs',
      'Open the jobs board',
    ),
  jobTaken: (j: { area: string; branchName: string }) =>
    statusMessage(
      `Job taken`,
      `The job from ${j.branchName} in ${j.area} has been taken by another driver.`,
      '/driver/jobs',
      'Open the jobs board',
    ),
  orderReady: (o: StatusContext & { jobId: string }) =>
    statusMessage(
      `Order ${o.orderNumber} is ready`,
      `Order ${o.orderNumber} is ready for pickup at ${o.branchName}.`,
      `/driver/delivery/${o.jobId}`,
      'Open the delivery',
    ),
};
