import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { GroupView } from '../../../domain/contracts/group-orders/group-orders';
import type { MenuItem } from '../../../domain/contracts/catalog/get-restaurant';
import { GROUP_ORDER_MESSAGES } from '../../../domain/group-order';
import { orderPageLabel } from '../../../domain/order-status-labels';
import { topicName } from '../../../domain/topics';
import { ApiError, isClientError } from '../../lib/api';
import { call } from '../../lib/call';
import { endpoints } from '../../lib/endpoints.generated';
import { endpoints as groupEndpoints } from '../../lib/endpoints-group-orders.generated';
import { formatDateTime, formatPrice } from '../../lib/format';
import { useLiveEvents } from '../../lib/live';
import { useMe } from '../../lib/me';
import { Link, useNavigate, useParams } from '../../lib/router';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Alert } from '../../ui/alert';
import { Button, buttonClasses } from '../../ui/button';
import { LoadFailed } from '../../ui/load-failed';
import { PageLoading } from '../../ui/spinner';
import { ItemOptionsDialog } from '../item-options-dialog';
import { joinUrl, linkTokenFor, memberHeaders, memberTokenFor, saveLinkToken, saveMemberToken } from './group-tokens';

/*
 * Group orders (docs/product/group-orders.md): /group/start/{siteId}, /group/join/{secret} and the
 * shared basket at /group/{id}. Lazily loaded: nothing here reaches the restaurant page's bundle.
 */

const errorText = (err: unknown) => (err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');

/** /group/start/{siteId}: a signed-in customer starts a basket at this branch. */
/**
 * Every group order page under /group/* (one route in the app's table keeps the restaurant page's
 * entry script small): start/{siteId}, join/{secret}, or a group's id.
 */
export function GroupPages() {
  const rest = (useParams<{ '*': string }>()['*'] ?? '').split('/');
  if (rest[0] === 'start' && rest[1]) return <StartGroupPage siteId={rest[1]} />;
  if (rest[0] === 'join' && rest[1]) return <JoinGroupPage linkToken={rest[1]} />;
  if (rest.length === 1 && /^[0-9a-f-]{36}$/i.test(rest[0])) return <GroupOrderPage groupId={rest[0]} />;
  return (
    <main className="mx-auto max-w-xl px-4 py-8">
      <Alert variant="destructive">This group order link is not valid.</Alert>
    </main>
  );
}

function StartGroupPage({ siteId }: { siteId: string }) {
  useDocumentTitle('Start a group order');
  const me = useMe();
  const navigate = useNavigate();
  const start = useMutation({
    mutationFn: () => call(groupEndpoints.groupOrders.start, { body: { siteId } }),
    onSuccess: ({ group, linkToken }) => {
      saveLinkToken(group.id, linkToken);
      navigate(`/group/${group.id}`);
    },
  });
  if (me.isPending) return <PageLoading />;
  const user = me.data?.user;
  return (
    <main className="mx-auto max-w-xl space-y-4 px-4 py-8">
      <h1 className="text-2xl font-bold">Start a group order</h1>
      <p>
        Share one basket: everyone adds their own dishes from their own phone, you place one order and pay cash at the
        door, and the page shows what each person owes.
      </p>
      {user?.userType !== 'customer' ? (
        <Alert>
          Sign in as a customer to start a group order.{' '}
          <Link to="/auth" className="underline">
            Sign In
          </Link>
        </Alert>
      ) : (
        <Button onClick={() => start.mutate()} disabled={start.isPending}>
          {start.isPending ? 'Starting…' : 'Start group order'}
        </Button>
      )}
      {start.isError && <Alert variant="destructive">{errorText(start.error)}</Alert>}
    </main>
  );
}

/** /group/join/{secret}: what the link leads to, and joining by account or by name. */
function JoinGroupPage({ linkToken }: { linkToken: string }) {
  useDocumentTitle('Join a group order');
  const me = useMe();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const invite = useQuery({
    queryKey: ['group-invite', linkToken],
    queryFn: ({ signal }) => call(groupEndpoints.groupOrders.invite, { params: { linkToken }, signal }),
    retry: (count, error) => !isClientError(error) && count < 3,
  });
  const join = useMutation({
    mutationFn: () =>
      call(groupEndpoints.groupOrders.join, {
        params: { linkToken },
        body: asCustomer ? {} : { name },
      }),
    onSuccess: ({ group, memberToken }) => {
      if (memberToken) saveMemberToken(group.id, memberToken);
      navigate(`/group/${group.id}`);
    },
  });
  const asCustomer = me.data?.user?.userType === 'customer';
  if (invite.isPending || me.isPending) return <PageLoading />;
  if (invite.isError)
    return (
      <main className="mx-auto max-w-xl px-4 py-8">
        <Alert variant="destructive">{errorText(invite.error)}</Alert>
      </main>
    );
  const i = invite.data.invite;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    join.mutate();
  };
  return (
    <main className="mx-auto max-w-xl space-y-4 px-4 py-8">
      <h1 className="text-2xl font-bold">Join {i.hostName}’s group order</h1>
      <p>
        {i.siteName} · {i.memberCount} of {i.maxMembers} people · open until {formatDateTime(i.expiresAt)}
      </p>
      {i.isMember || memberTokenFor(i.groupId) ? (
        <Link to={`/group/${i.groupId}`} className={buttonClasses()}>
          Open the basket
        </Link>
      ) : i.status !== 'open' ? (
        <Alert>This group order is not taking new people.</Alert>
      ) : (
        <form onSubmit={submit} className="space-y-3">
          {!asCustomer && (
            <label className="block space-y-1">
              <span className="text-sm font-medium">Your name</span>
              <input
                name="name"
                required
                maxLength={40}
                autoComplete="given-name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                className="w-full rounded-md border px-3 py-2"
              />
            </label>
          )}
          <Button type="submit" disabled={join.isPending}>
            {join.isPending ? 'Joining…' : 'Join group order'}
          </Button>
          {join.isError && <Alert variant="destructive">{errorText(join.error)}</Alert>}
        </form>
      )}
    </main>
  );
}

const groupKey = (groupId: string) => ['group-order', groupId] as const;

/** /group/{id}: the shared basket, live, for its members. */
function GroupOrderPage({ groupId: id }: { groupId: string }) {
  const query = useQuery({
    queryKey: groupKey(id),
    queryFn: ({ signal }) =>
      call(groupEndpoints.groupOrders.view, {
        params: { groupId: id },
        headers: memberHeaders(id),
        signal,
      }),
    retry: (count, error) => !isClientError(error) && count < 3,
  });
  useDocumentTitle('Group order');
  const group = query.data?.group;
  const topics = group?.order ? [topicName.group(id), topicName.order(group.order.id)] : [topicName.group(id)];
  useLiveEvents(topics, {
    refetch: [groupKey(id)],
    refetchOn: ['group.changed', 'order.status'],
    groupMember: memberTokenFor(id),
  });
  if (query.isPending) return <PageLoading />;
  if (query.isError)
    return (
      <main className="mx-auto max-w-xl px-4 py-8">
        {isClientError(query.error) ? (
          <Alert variant="destructive">{errorText(query.error)}</Alert>
        ) : (
          <LoadFailed title="The group order could not be loaded" onRetry={() => void query.refetch()} />
        )}
      </main>
    );
  return <Basket group={query.data.group} />;
}

function Basket({ group }: { group: GroupView }) {
  const queryClient = useQueryClient();
  const headers = memberHeaders(group.id);
  const params = { groupId: group.id };
  const settle = (next: { group: GroupView }) => queryClient.setQueryData(groupKey(group.id), next);
  const act = useMutation({
    mutationFn: (fn: () => Promise<{ group: GroupView }>) => fn(),
    onSuccess: settle,
    onError: (err) => toast.error(errorText(err)),
  });
  const open = group.status === 'open';
  const host = group.you.isHost;
  const ended = group.status === 'ordered' || group.status === 'cancelled' || group.status === 'expired';
  const statusText: Record<GroupView['status'], string> = {
    open: 'Open: add your dishes',
    locked: 'Locked by the host',
    ordered: 'Order placed',
    cancelled: 'Cancelled by the host',
    expired: 'Expired',
  };

  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{group.hostName}’s group order</h1>
        <p>
          {group.site.name} · <span data-testid="group-status">{statusText[group.status]}</span>
          {!ended && <> · open until {formatDateTime(group.expiresAt)}</>}
        </p>
      </header>

      {host && !ended && <HostTools group={group} onChange={settle} />}

      {(group.status === 'expired' || group.status === 'cancelled') && (
        <Alert variant="destructive">{GROUP_ORDER_MESSAGES.endedNote[group.status]}</Alert>
      )}

      {group.order && (
        <Alert>
          Order {group.order.orderNumber}:{' '}
          <strong data-testid="group-order-status">{orderPageLabel(group.order.status, 'DELIVERY')}</strong>
          {host && (
            <>
              {' '}
              <Link to={`/order/${group.order.orderNumber}`} className="underline">
                Track order
              </Link>
            </>
          )}
        </Alert>
      )}

      <section aria-labelledby="people" className="space-y-2">
        <h2 id="people" className="text-lg font-semibold">
          People ({group.members.length} of {group.limits.maxMembers})
        </h2>
        <ul className="flex flex-wrap gap-2">
          {group.members.map((m) => (
            <li key={m.id} className="rounded-full border px-3 py-1 text-sm">
              {m.name}
              {m.isHost ? ' (host)' : ''}
              {m.isYou ? ' (you)' : ''}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="basket" className="space-y-2">
        <h2 id="basket" className="text-lg font-semibold">
          Basket
        </h2>
        {group.lines.length === 0 ? (
          <p className="text-muted-foreground">Nothing yet. Add the first dish below.</p>
        ) : (
          <ul className="divide-y rounded-md border" data-testid="group-lines">
            {group.lines.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center gap-2 p-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {l.quantity} × {l.name}
                  </p>
                  {l.options.length > 0 && (
                    <p className="text-sm text-muted-foreground">{l.options.map((o) => o.name).join(', ')}</p>
                  )}
                  <p className="text-sm text-muted-foreground">Added by {l.mine ? 'you' : l.memberName}</p>
                  {l.problem && <p className="text-sm text-destructive">{l.problem}</p>}
                </div>
                <span className="tabular-nums">{formatPrice(l.lineTotalMinor)}</span>
                {l.mine && open && (
                  <span className="flex items-center gap-1">
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`One fewer ${l.name}`}
                      disabled={l.quantity <= 1 || act.isPending}
                      onClick={() =>
                        act.mutate(() =>
                          call(groupEndpoints.groupOrders.editLine, {
                            params: { ...params, lineId: l.id },
                            headers,
                            body: { quantity: l.quantity - 1 },
                          }),
                        )
                      }
                    >
                      −
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`One more ${l.name}`}
                      disabled={l.quantity >= 50 || act.isPending}
                      onClick={() =>
                        act.mutate(() =>
                          call(groupEndpoints.groupOrders.editLine, {
                            params: { ...params, lineId: l.id },
                            headers,
                            body: { quantity: l.quantity + 1 },
                          }),
                        )
                      }
                    >
                      +
                    </Button>
                  </span>
                )}
                {((l.mine && open) || (host && !ended)) && (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${l.name} added by ${l.mine ? 'you' : l.memberName}`}
                    disabled={act.isPending}
                    onClick={() =>
                      act.mutate(() =>
                        call(groupEndpoints.groupOrders.removeLine, {
                          params: { ...params, lineId: l.id },
                          headers,
                        }),
                      )
                    }
                  >
                    Remove
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        <Totals group={group} />
      </section>

      {open && <AddFromMenu group={group} onAdded={settle} />}
    </main>
  );
}

function Totals({ group }: { group: GroupView }) {
  const rows: [string, number][] = [
    ['Subtotal', group.subtotalMinor],
    ['Delivery fee', group.deliveryFeeMinor],
    ['Service fee', group.serviceFeeMinor],
  ];
  return (
    <div className="space-y-3">
      <dl className="space-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between">
            <dt>{label}</dt>
            <dd className="tabular-nums">{formatPrice(value)}</dd>
          </div>
        ))}
        <div className="flex justify-between font-semibold">
          <dt>Total (cash at the door)</dt>
          <dd className="tabular-nums" data-testid="group-total">
            {formatPrice(group.totalMinor)}
          </dd>
        </div>
      </dl>
      {group.split.some((s) => s.totalMinor > 0) && (
        <table className="w-full text-sm">
          <caption className="text-left font-medium">
            {group.order ? 'Who owes what' : 'Who owes what (estimate until the order is placed)'}
          </caption>
          <thead>
            <tr className="text-left">
              <th scope="col">Person</th>
              <th scope="col" className="text-right">
                Food
              </th>
              <th scope="col" className="text-right">
                Delivery
              </th>
              <th scope="col" className="text-right">
                Fees
              </th>
              <th scope="col" className="text-right">
                Share
              </th>
            </tr>
          </thead>
          <tbody>
            {group.split.map((s) => (
              <tr key={s.memberId}>
                <th scope="row" className="text-left font-normal">
                  {s.name}
                </th>
                <td className="text-right tabular-nums">{formatPrice(s.foodMinor)}</td>
                <td className="text-right tabular-nums">{formatPrice(s.deliveryFeeMinor)}</td>
                <td className="text-right tabular-nums">{formatPrice(s.otherMinor)}</td>
                <td className="text-right font-medium tabular-nums">{formatPrice(s.totalMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** The branch's menu, each dish with "Add" (its options in the same dialog as the restaurant page). */
function AddFromMenu({ group, onAdded }: { group: GroupView; onAdded: (next: { group: GroupView }) => void }) {
  const [choosing, setChoosing] = useState<MenuItem | null>(null);
  const menu = useQuery({
    queryKey: ['restaurant', group.site.slug],
    queryFn: ({ signal }) =>
      call(endpoints.catalog.getRestaurantsBySlug, { params: { slug: group.site.slug }, signal }),
  });
  const add = useMutation({
    mutationFn: (line: { menuItemId: string; optionIds: string[] }) =>
      call(groupEndpoints.groupOrders.addLine, {
        params: { groupId: group.id },
        headers: memberHeaders(group.id),
        body: { ...line, quantity: 1 },
      }),
    onSuccess: onAdded,
    onError: (err) => toast.error(errorText(err)),
  });
  if (menu.isPending) return <PageLoading label="Loading the menu..." />;
  if (menu.isError) return <LoadFailed title="The menu could not be loaded" onRetry={() => void menu.refetch()} />;
  const sections = menu.data.restaurant.menu?.sections ?? [];
  return (
    <section aria-labelledby="menu" className="space-y-3">
      <h2 id="menu" className="text-lg font-semibold">
        Add your dishes
      </h2>
      {sections.map((s) => (
        <div key={s.id} className="space-y-1">
          {s.title && <h3 className="font-medium">{s.title}</h3>}
          <ul className="divide-y rounded-md border">
            {s.items.map((item) => (
              <li key={item.id} className="flex items-center gap-2 p-3">
                <span className="flex-1">{item.name}</span>
                <span className="tabular-nums">{formatPrice(item.priceMinor)}</span>
                <Button
                  size="sm"
                  aria-label={`Add ${item.name}`}
                  disabled={add.isPending}
                  onClick={() =>
                    item.optionGroups.length ? setChoosing(item) : add.mutate({ menuItemId: item.id, optionIds: [] })
                  }
                >
                  Add
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <ItemOptionsDialog
        item={choosing}
        quantity={1}
        onClose={() => setChoosing(null)}
        onConfirm={(line) => {
          setChoosing(null);
          add.mutate({ menuItemId: line.menuItemId ?? line.id, optionIds: (line.options ?? []).map((o) => o.id) });
        }}
      />
    </section>
  );
}

/** The host's part: share the link, lock, cancel, and place the order. */
function HostTools({ group, onChange }: { group: GroupView; onChange: (next: { group: GroupView }) => void }) {
  const params = { groupId: group.id };
  const [link, setLink] = useState(() => linkTokenFor(group.id));
  const [form, setForm] = useState({ customerName: '', customerPhone: '', deliveryAddress: '', deliveryPostcode: '' });
  const mutate = useMutation({
    mutationFn: (fn: () => Promise<unknown>) => fn(),
    onError: (err) => toast.error(errorText(err)),
  });
  const lock = (locked: boolean) =>
    mutate.mutate(async () => onChange(await call(groupEndpoints.groupOrders.lock, { params, body: { locked } })));
  const cancel = () => mutate.mutate(async () => onChange(await call(groupEndpoints.groupOrders.cancel, { params })));
  const reset = () =>
    mutate.mutate(async () => {
      const { linkToken } = await call(groupEndpoints.groupOrders.resetLink, { params });
      saveLinkToken(group.id, linkToken);
      setLink(linkToken);
      toast.success('New link made: the old one no longer works.');
    });
  const checkout = (e: FormEvent) => {
    e.preventDefault();
    mutate.mutate(async () => {
      const res = await call(groupEndpoints.groupOrders.checkout, {
        params,
        body: { ...form, expectedTotalMinor: group.totalMinor },
      });
      onChange({ group: res.group });
    });
  };
  const field = (key: keyof typeof form, label: string, autoComplete: string) => (
    <label className="block space-y-1">
      <span className="text-sm font-medium">{label}</span>
      <input
        name={key}
        required
        autoComplete={autoComplete}
        value={form[key]}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        className="w-full rounded-md border px-3 py-2"
      />
    </label>
  );
  return (
    <section aria-labelledby="host" className="space-y-3 rounded-md border p-4">
      <h2 id="host" className="text-lg font-semibold">
        You are the host
      </h2>
      {link && (
        <div className="space-y-1">
          <label className="block text-sm font-medium" htmlFor="group-link">
            Share this link
          </label>
          <div className="flex gap-2">
            <input
              id="group-link"
              readOnly
              value={joinUrl(link)}
              className="min-w-0 flex-1 rounded-md border px-3 py-2"
            />
            <Button
              variant="outline"
              onClick={() =>
                void navigator.clipboard?.writeText(joinUrl(link)).then(() => toast.success('Link copied'))
              }
            >
              Copy link
            </Button>
          </div>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {group.status === 'open' ? (
          <Button onClick={() => lock(true)} disabled={mutate.isPending}>
            Lock basket
          </Button>
        ) : (
          <Button variant="outline" onClick={() => lock(false)} disabled={mutate.isPending}>
            Unlock
          </Button>
        )}
        <Button variant="outline" onClick={reset} disabled={mutate.isPending}>
          Reset link
        </Button>
        <Button variant="destructive" onClick={cancel} disabled={mutate.isPending}>
          Cancel group order
        </Button>
      </div>
      {group.status === 'locked' && (
        <form onSubmit={checkout} className="space-y-3" aria-label="Delivery details">
          {field('customerName', 'Name', 'name')}
          {field('customerPhone', 'Phone', 'tel')}
          {field('deliveryAddress', 'Delivery address', 'street-address')}
          {field('deliveryPostcode', 'Postcode', 'postal-code')}
          <Button type="submit" disabled={mutate.isPending || group.lines.length === 0}>
            {mutate.isPending ? 'Placing…' : `Place group order · ${formatPrice(group.totalMinor)}`}
          </Button>
        </form>
      )}
    </section>
  );
}
