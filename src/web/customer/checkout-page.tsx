import { useQuery, useQueryClient } from '@tanstack/react-query';
import Banknote from 'lucide-react/icons/banknote';
import Bike from 'lucide-react/icons/bike';
import Lock from 'lucide-react/icons/lock';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from '../lib/router';
import { toast } from '../lib/toast';
import { CHECKOUT_MESSAGES, checkoutProblem } from '../../domain/checkout';
import type { PlaceOrderBody } from '../../domain/contracts/orders/place-order';
import type { OrderType } from '../../domain/order-flow';
import { ApiError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { useCart } from '../lib/cart';
import { cn } from '../lib/cn';
import { formatDeliveryFee, formatPrice } from '../lib/format';
import { useMe } from '../lib/me';
import { saveOrderToken } from '../lib/order-tokens';
import { useDocumentTitle } from '../lib/use-document-title';
import { useStickyFits } from '../lib/use-sticky-fits';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { TextareaField } from '../ui/textarea';
import { useFormErrors } from '../ui/use-form-errors';
import { orderQueryKey } from './order-query';
import { ScheduleChoice, type ScheduledChoice } from './schedule-choice';
import { useCartRestaurant } from './use-cart-restaurant';
import { ServiceFeeRow, useServiceFee } from './service-fee';
import { CheckoutEstimate } from './checkout-estimate';
import { CHECKOUT_FIELDS, CHECKOUT_SERVER_PATHS } from './checkout-fields';
import { PriceChangeAlert, quoteOfRefusal, useCheckoutQuote } from './checkout-quote';
import { VoucherField } from './voucher-field';
import { NEW_ADDRESS, SaveAddressCheckbox, SavedAddressPicker } from './saved-address-picker';
import { searchedPostcode } from './searched-postcode';
import { useDeliversTo, useDeliversToEach } from './use-delivers-to';

/**
 * Saves the address an order went to as a new saved address, after the order is placed: a failure
 * here never spoils the order, it is only said (docs/product/customer.md#checkout).
 */
async function saveNewAddress(body: PlaceOrderBody, branchCity: string | null): Promise<void> {
  const [line1, ...rest] = (body.deliveryAddress ?? '').split(',').map((p) => p.trim());
  try {
    await call(endpoints.account.postAccountAddresses, {
      body: {
        addressLine1: line1,
        city: (rest.length ? rest.at(-1) : branchCity) || branchCity || line1,
        addressLine2: rest.slice(0, -1).join(', ') || null,
        postcode: body.deliveryPostcode ?? '',
        deliveryInstructions: body.deliveryInstructions ?? null,
      },
    });
    toast.success('Address saved to your account');
  } catch (error) {
    toast.error('Could not save the address', { description: error instanceof Error ? error.message : undefined });
  }
}
import { optionsText } from '../../domain/menu-options';
import { cartLineId } from '../../domain/cart';
import { formatPhone } from '../../domain/phone';

/** A fresh idempotency key for one checkout attempt. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

type Fields = { name: string; phone: string; email: string; address: string; postcode: string; instructions: string };

/**
 * A signed-in customer's name, phone and default address, for prefilling (read for customers only).
 * `known` says who is at checkout is known (GET /api/me answered): a visitor is then ready at once,
 * so the searched postcode reaches their form too (docs/product/customer.md#checkout).
 */
function useCheckoutPrefill(enabled: boolean, known: boolean) {
  const profile = useQuery({
    queryKey: ['account', 'profile'],
    queryFn: ({ signal }) => call(endpoints.account.getAccountProfile, { signal }),
    enabled,
    staleTime: 60_000,
  });
  const addresses = useQuery({
    queryKey: ['account', 'addresses'],
    queryFn: ({ signal }) => call(endpoints.account.getAccountAddresses, { signal }),
    enabled,
    staleTime: 60_000,
  });
  return {
    // A visitor: at once; a customer: both answers are in (or failed). Prefill once with whatever is known.
    ready: known && (!enabled || (!profile.isPending && !addresses.isPending)),
    profile: profile.data,
    address: addresses.data?.addresses.find((a) => a.isDefault) ?? addresses.data?.addresses[0],
    addresses: addresses.data?.addresses ?? [],
  };
}

function OrderTypeOption({
  value,
  checked,
  onChange,
  title,
  note,
}: {
  value: OrderType;
  checked: boolean;
  onChange: (value: OrderType) => void;
  title: string;
  note: string;
}) {
  return (
    <label
      className={cn(
        'flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        checked ? 'border-primary bg-primary-soft' : 'border-input bg-card hover:border-primary',
      )}
    >
      <input
        type="radio"
        name="orderType"
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        className="size-5 accent-[var(--color-primary)]"
      />
      <span className="grid">
        <span className="font-semibold">{title}</span>
        <span className="text-sm text-muted-foreground">{note}</span>
      </span>
    </label>
  );
}

/** /checkout: delivery or pickup, contact and address, the summary and "Place Order" (cash only). */
export function CheckoutPage() {
  useDocumentTitle('Checkout');
  const { cart, clear, reprice } = useCart();
  const restaurant = useCartRestaurant(cart);
  const me = useMe();
  const user = me.data?.user ?? null;
  const isCustomer = user?.userType === 'customer';
  const prefill = useCheckoutPrefill(isCustomer, !me.isPending);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const [orderType, setOrderType] = useState<OrderType>('DELIVERY');
  const [scheduled, setScheduled] = useState<ScheduledChoice>(null);
  const [fields, setFields] = useState<Fields>({
    name: '',
    phone: '',
    email: '',
    address: '',
    postcode: '',
    instructions: '',
  });
  // A refusal no field shows is in the "Error placing order" toast, so the form has no alert of its own.
  const {
    formRef,
    errors,
    busy: sending,
    check,
    submit,
  } = useFormErrors(CHECKOUT_FIELDS, { paths: CHECKOUT_SERVER_PATHS });
  // Which saved address fills the form, or a new one (offered to be saved with the order).
  const [addressChoice, setAddressChoice] = useState(NEW_ADDRESS);
  const [saveAddress, setSaveAddress] = useState(false);
  const [placed, setPlaced] = useState(false);
  // The total of an order the server refused because a price changed, until the customer accepts it.
  const [refusedTotal, setRefusedTotal] = useState<number | null>(null);
  // One key per checkout attempt, kept until it succeeds: a double click or a retry sends the same key.
  const idempotencyKey = useRef<string | null>(null);
  const inFlight = useRef(false);
  // The summary stays in view while the form scrolls, unless it is taller than the screen.
  const [summaryRef, summaryFits] = useStickyFits<HTMLElement>(5);
  const serviceFee = useServiceFee(cart.totalMinor);

  // Prefill once, when the saved details arrive, without overwriting what the customer typed.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !prefill.ready) return;
    prefilled.current = true;
    const p = prefill.profile;
    const a = prefill.address;
    const name = [p?.firstName, p?.lastName].filter(Boolean).join(' ') || p?.displayName || user?.name || '';
    const address = a ? [a.addressLine1, a.addressLine2, a.city].filter(Boolean).join(', ') : '';
    if (a) setAddressChoice(a.id);
    setFields((f) => ({
      ...f,
      name: f.name || name,
      phone: f.phone || (p?.phone ? formatPhone(p.phone) : ''),
      address: f.address || address,
      // A saved address first; otherwise the postcode the customer searched with.
      postcode: f.postcode || a?.postcode || searchedPostcode(),
      instructions: f.instructions || a?.deliveryInstructions || '',
    }));
  }, [prefill.ready, prefill.profile, prefill.address, user?.name]);

  const isDelivery = orderType === 'DELIVERY';
  // A closed branch takes orders for later only, so "Schedule for later" is chosen for the customer;
  // the cart's "Schedule for later" asks for it too (docs/product/customer.md#order-for-later).
  const [params] = useSearchParams();
  const startLater = params.get('when') === 'later' || restaurant.isOpen === false;
  // The server's delivery range rule, asked before Place Order (docs/decisions/0173-delivery-range-at-checkout.md).
  const siteId = cart.items[0]?.restaurantId ?? '';
  const reach = useDeliversTo(siteId, isDelivery ? fields.postcode : null);
  const savedReach = useDeliversToEach(
    siteId,
    prefill.addresses.map((a) => a.postcode),
    isCustomer && isDelivery,
  );
  // The server's price of the cart now; what the summary shows and what Place Order confirms
  // (docs/decisions/0209-checkout-reprices-before-placing.md).
  // The voucher code applied (docs/product/customer.md#vouchers): the quote checks and values it.
  const [voucherCode, setVoucherCode] = useState<string | null>(null);
  const priced = useCheckoutQuote(siteId, orderType, cart.items, !placed, voucherCode);
  const outside = new Set(prefill.addresses.filter((_, i) => savedReach[i]?.deliversHere === false).map((a) => a.id));

  if (cart.itemCount === 0 && !placed) return <Navigate to="/cart" replace />;

  const chooseAddress = (id: string) => {
    setAddressChoice(id);
    const a = prefill.addresses.find((x) => x.id === id);
    setFields((f) => ({
      ...f,
      address: a ? [a.addressLine1, a.addressLine2, a.city].filter(Boolean).join(', ') : '',
      // "A new address" starts from the postcode searched in this tab (docs/product/customer.md#checkout).
      postcode: a ? a.postcode : searchedPostcode(),
      instructions: a?.deliveryInstructions ?? '',
    }));
  };

  const quote = priced.quote;
  const fee = quote ? quote.deliveryFeeMinor : isDelivery ? (restaurant.deliveryFeeMinor ?? 0) : 0;
  const subtotal = quote?.subtotalMinor ?? cart.totalMinor;
  const shownServiceFee = quote?.serviceFeeMinor ?? serviceFee;
  const total = quote?.totalMinor ?? cart.totalMinor + fee + serviceFee;
  const quotedLine = new Map(quote?.lines.map((l) => [l.lineId, l]) ?? []);
  const priceChanged = priced.changes.length > 0 || refusedTotal !== null;
  const acceptPrices = () => {
    if (quote) reprice(quote.lines);
    setRefusedTotal(null);
  };
  const deliveryFeeText =
    restaurant.deliveryFeeMinor === null
      ? ''
      : restaurant.deliveryFeeMinor
        ? `+${formatPrice(restaurant.deliveryFeeMinor)}`
        : 'Free';
  const set = (key: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: event.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current || priceChanged) return;
    const body: PlaceOrderBody = {
      siteId: cart.items[0].restaurantId,
      orderType,
      items: cart.items.map((i) => ({
        menuItemId: i.menuItemId ?? i.id,
        quantity: i.quantity,
        ...(i.options?.length ? { optionIds: i.options.map((o) => o.id) } : {}),
      })),
      customerName: fields.name.trim(),
      customerPhone: fields.phone.trim(),
      // A visitor's receipt and status e-mails (docs/product/customer.md#checkout); an account uses its own address.
      ...(!user && fields.email.trim() ? { customerEmail: fields.email.trim() } : {}),
      deliveryAddress: isDelivery ? fields.address.trim() : null,
      deliveryPostcode: isDelivery ? fields.postcode.trim() : null,
      deliveryInstructions: isDelivery ? fields.instructions.trim() || null : null,
      // An order for later (docs/product/customer.md#order-for-later).
      ...(scheduled ? { scheduledFor: scheduled } : {}),
      // Only a code the quote accepted; the server checks it again and prices the saving itself.
      ...(quote?.voucherCode ? { voucherCode: quote.voucherCode } : {}),
      // The total the summary shows: the server refuses the order if it would charge anything else.
      expectedTotalMinor: total,
    };
    const problem = checkoutProblem(body);
    if (problem) {
      check({
        name: body.customerName ? undefined : 'Please enter your full name',
        phone: !body.customerPhone
          ? 'Please enter your phone number'
          : problem === CHECKOUT_MESSAGES.phone
            ? problem
            : undefined,
        address: isDelivery && !body.deliveryAddress ? 'Please enter your address' : undefined,
        postcode:
          isDelivery && !body.deliveryPostcode
            ? 'Please enter your postcode'
            : problem === CHECKOUT_MESSAGES.postcode
              ? problem
              : undefined,
      });
      toast.error(problem);
      return;
    }
    const key = (idempotencyKey.current ??= newIdempotencyKey());
    inFlight.current = true;
    // Each field the server refuses (a visitor's e-mail, the postcode, instructions too long) shows
    // under its field and takes the focus; the toast says the order was not placed.
    await submit(
      async () => {
        const result = await call(endpoints.orders.postOrders, { body, headers: { 'Idempotency-Key': key } });
        idempotencyKey.current = null;
        const number = result.order.orderNumber;
        if (result.orderToken) saveOrderToken(number, result.orderToken);
        queryClient.setQueryData(orderQueryKey(number), { order: result.order });
        toast.success('Order placed successfully!', { description: `Your order #${number} has been confirmed.` });
        setPlaced(true);
        if (isCustomer && isDelivery && saveAddress && addressChoice === NEW_ADDRESS)
          void saveNewAddress(body, restaurant.city);
        navigate(`/order/${number}`);
        clear();
      },
      (error) => {
        // A price changed after the summary was shown: show the new one and wait for the customer
        // to accept it. The same idempotency key is kept for the retry: no order was made.
        const fresh = quoteOfRefusal(error);
        if (fresh) {
          priced.replace(fresh);
          setRefusedTotal(fresh.totalMinor);
          toast.error('Prices have changed', { description: error instanceof Error ? error.message : undefined });
          return;
        }
        toast.error('Error placing order', {
          description: error instanceof ApiError && error.message ? error.message : 'An error occurred during checkout',
        });
      },
    );
    inFlight.current = false;
  };

  const belowMinimum = subtotal < restaurant.minOrderMinor;
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Checkout</h1>
        <p className="text-muted-foreground">
          Ordering from <span className="font-medium text-foreground">{restaurant.name}</span>
        </p>
      </div>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <div className="grid grid-cols-1 gap-6">
          <fieldset className="grid gap-3 rounded-lg border border-border bg-card p-5 shadow-sm">
            <legend className="float-left mb-3 w-full text-lg font-semibold">How would you like your order?</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <OrderTypeOption
                value="DELIVERY"
                checked={isDelivery}
                onChange={setOrderType}
                title={deliveryFeeText ? `Delivery (${deliveryFeeText})` : 'Delivery'}
                note="To your door"
              />
              <OrderTypeOption
                value="PICKUP"
                checked={!isDelivery}
                onChange={setOrderType}
                title="Pickup (Free)"
                note="Collect from the restaurant"
              />
            </div>
          </fieldset>

          <ScheduleChoice
            siteId={cart.items[0].restaurantId}
            value={scheduled}
            onChange={setScheduled}
            startLater={startLater}
            asapUnavailable={restaurant.isOpen === false ? `Not available: ${restaurant.name} is closed now` : null}
          />

          <section
            aria-labelledby="contact-title"
            className="grid gap-4 rounded-lg border border-border bg-card p-5 shadow-sm"
          >
            <h2 id="contact-title" className="text-lg font-semibold">
              Contact details
            </h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Full Name"
                value={fields.name}
                onChange={set('name')}
                error={errors.name}
                autoComplete="name"
                required
                maxLength={100}
              />
              <TextField
                label="Phone Number"
                type="tel"
                value={fields.phone}
                onChange={set('phone')}
                error={errors.phone}
                autoComplete="tel"
                inputMode="tel"
                required
                maxLength={30}
                hint="So the restaurant and driver can reach you."
              />
              {user ? null : (
                <TextField
                  label="Email"
                  type="email"
                  value={fields.email}
                  onChange={set('email')}
                  error={errors.email}
                  autoComplete="email"
                  maxLength={254}
                  optional
                  hint="For your receipt and a link to follow your order."
                />
              )}
            </div>
          </section>

          {isDelivery ? (
            <section
              aria-labelledby="address-title"
              className="grid gap-4 rounded-lg border border-border bg-card p-5 shadow-sm"
            >
              <h2 id="address-title" className="flex items-center gap-2 text-lg font-semibold">
                <Bike aria-hidden="true" className="size-5 text-primary" />
                Delivery address
              </h2>
              {isCustomer ? (
                <SavedAddressPicker
                  addresses={prefill.addresses}
                  value={addressChoice}
                  onChange={chooseAddress}
                  outside={outside}
                />
              ) : null}
              <TextField
                label="Address"
                value={fields.address}
                onChange={set('address')}
                error={errors.address}
                autoComplete="street-address"
                required
                maxLength={300}
                placeholder="Flat, house number and street"
              />
              <TextField
                label="Postcode"
                value={fields.postcode}
                onChange={set('postcode')}
                error={errors.postcode}
                autoComplete="postal-code"
                autoCapitalize="characters"
                required
                maxLength={12}
                containerClassName="sm:max-w-48"
              />
              {reach && !reach.deliversHere ? (
                <Alert variant="warning" className="flex flex-wrap items-center justify-between gap-2">
                  <span>{reach.message}</span>
                  <Button type="button" variant="outline" onClick={() => setOrderType('PICKUP')}>
                    Switch to Pickup
                  </Button>
                </Alert>
              ) : null}
              <TextareaField
                label="Delivery instructions"
                optional
                value={fields.instructions}
                onChange={set('instructions')}
                error={errors.instructions}
                maxLength={500}
                placeholder="E.g. ring the top bell, leave with the concierge"
                className="min-h-20"
              />
              {isCustomer && addressChoice === NEW_ADDRESS ? (
                <SaveAddressCheckbox checked={saveAddress} onChange={setSaveAddress} />
              ) : null}
            </section>
          ) : null}
        </div>

        <section
          ref={summaryRef}
          aria-labelledby="checkout-summary-title"
          className={cn(
            'grid gap-4 rounded-lg border border-border bg-card p-5 shadow-sm',
            summaryFits && 'lg:sticky lg:top-20',
          )}
        >
          <h2 id="checkout-summary-title" className="flex items-center gap-2 text-lg font-semibold">
            <ShoppingBag aria-hidden="true" className="size-5 text-primary" />
            Order Summary
          </h2>
          <ul className="grid gap-2 text-sm" aria-label="Items">
            {cart.items.map((i) => (
              <li key={i.id} className="flex justify-between gap-3">
                <span className="min-w-0">
                  <span className="font-medium">{i.quantity}x</span> {i.name}
                  {i.options?.length ? (
                    <span className="block text-xs text-muted-foreground">{optionsText(i.options, formatPrice)}</span>
                  ) : null}
                </span>
                <span className="tabular-nums">
                  {formatPrice(quotedLine.get(cartLineId(i))?.lineTotalMinor ?? i.priceMinor * i.quantity)}
                </span>
              </li>
            ))}
          </ul>
          <dl className="grid gap-2 border-t border-border pt-3 text-sm">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd className="tabular-nums">{formatPrice(subtotal)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Delivery fee</dt>
              <dd className="tabular-nums">{formatDeliveryFee(fee)}</dd>
            </div>
            <ServiceFeeRow feeMinor={shownServiceFee} />
            {quote?.offer ? (
              <div className="flex justify-between text-primary" data-testid="checkout-offer">
                <dt>Offer: {quote.offer.label}</dt>
                <dd className="tabular-nums">
                  −{formatPrice(quote.offer.discountMinor + quote.offer.deliveryDiscountMinor)}
                </dd>
              </div>
            ) : null}
            {quote?.voucherDiscountMinor ? (
              <div className="flex justify-between text-primary">
                <dt>Voucher {quote.voucherCode}</dt>
                <dd className="tabular-nums" data-testid="checkout-voucher">
                  -{formatPrice(quote.voucherDiscountMinor)}
                </dd>
              </div>
            ) : null}
            <div className="flex justify-between border-t border-border pt-2 text-base font-semibold">
              <dt>Total</dt>
              <dd className="tabular-nums" data-testid="checkout-total">
                {formatPrice(total)}
              </dd>
            </div>
          </dl>
          <VoucherField
            applied={voucherCode}
            onApply={setVoucherCode}
            checking={priced.fetching}
            savingMinor={quote?.voucherDiscountMinor ?? 0}
            refusal={quote?.voucherRefusal ?? null}
            error={priced.error instanceof ApiError && priced.error.status === 429 ? priced.error.message : null}
          />
          <CheckoutEstimate orderType={orderType} scheduled={scheduled} />
          <div className="flex gap-3 rounded-md bg-muted p-3 text-sm">
            <Banknote aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <p>
              <span className="font-semibold">Cash only.</span>{' '}
              {isDelivery
                ? 'Pay the driver in cash when your order arrives.'
                : 'Pay the restaurant in cash when you collect.'}
            </p>
          </div>
          {priceChanged ? (
            <PriceChangeAlert changes={priced.changes} totalMinor={total} onAccept={acceptPrices} />
          ) : null}
          {priced.error instanceof ApiError && priced.error.status === 409 ? (
            <Alert variant="destructive">
              {priced.error.message}.{' '}
              <Link to="/cart" className="font-medium underline">
                Back to cart
              </Link>
            </Alert>
          ) : null}
          {belowMinimum ? (
            <Alert variant="warning">
              {restaurant.name} has a minimum order of {formatPrice(restaurant.minOrderMinor)}.{' '}
              <Link to="/cart" className="font-medium underline">
                Back to cart
              </Link>
            </Alert>
          ) : null}
          <Button type="submit" size="lg" disabled={sending || belowMinimum || priceChanged}>
            {sending ? <Spinner className="size-4 text-primary-foreground" /> : <Lock aria-hidden="true" />}
            {sending ? 'Placing Order...' : 'Place Order'}
          </Button>
          <p className="text-center text-xs text-muted-foreground">
            Prices are confirmed by the restaurant's current menu when you order.
          </p>
        </section>
      </form>
    </div>
  );
}
