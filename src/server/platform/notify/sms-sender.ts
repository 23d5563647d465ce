import { eq, sql } from 'drizzle-orm';
import { codeLikeNumbers, orderNumbersIn, smsBody, toE164 } from '../../../domain/sms';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { userProfiles } from '../../db/schema/index';
import type { ChannelSender, OutgoingMessage, SendResult } from './channels';
import { batched } from './batched';
import { recordDevDelivery } from './dev-outbox';

export type SmsSenderOptions = {
  db: Db;
  /** SMS_URL, SMS_TOKEN and SMS_FROM; null: texts go to the dev outbox (docs/decisions/0144-sms-provider.md). */
  sms: { url: string; token: string | null; from: string } | null;
  /** Links in texts are absolute: PUBLIC_URL plus the message's path. */
  publicUrl: string;
  /** Outside production, with no provider configured, texts are kept in the dev outbox. */
  devOutbox?: boolean;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** The provider's endpoint without credentials, and the Authorization header they become. */
export function smsRequestTarget(sms: { url: string; token: string | null }): {
  url: string;
  authorization: string | null;
} {
  const url = new URL(sms.url);
  let authorization: string | null = null;
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const secret = decodeURIComponent(url.password);
    authorization = `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  if (sms.token) {
    // "ACCOUNT_SID:AUTH_TOKEN" is Basic (Twilio's form); a single secret is a bearer token.
    authorization = sms.token.includes(':')
      ? `Basic ${Buffer.from(sms.token).toString('base64')}`
      : `Bearer ${sms.token}`;
  }
  return { url: url.toString(), authorization };
}

type CodeCheck = { recipient: OutgoingMessage['recipient']; phone: string; body: string };
type CodeHolder = {
  orderNumber: string;
  customerId: string | null;
  customerPhone: string;
  driverId: string | null;
  code: string;
  recent: boolean;
};

type Scope = { named: boolean; recent: boolean; drivers: boolean };
const jsonTexts = (name: string) => sql`array(select jsonb_array_elements_text(${sql.placeholder(name)}::jsonb))`;
const holderStatements = new Map<string, ReturnType<typeof preparedStatement<CodeHolder>>>();

/**
 * The orders holding any of the codes, among those in scope: named by number, placed in the last
 * two days, or driven by the recipient. One prepared statement per combination of those (at most
 * six), on PGlite too: every text of the outbox asks it, and planning it each time was most of its
 * cost there (docs/decisions/0191-outbox-lighter-writes.md). Values go as JSON arrays.
 */
function codeHolders(scope: Scope) {
  const name = `sms_code_holders_${Number(scope.named)}${Number(scope.recent)}${Number(scope.drivers)}`;
  let statement = holderStatements.get(name);
  if (!statement) {
    const parts = [
      ...(scope.named ? [sql`order_number = any(${jsonTexts('named')})`] : []),
      ...(scope.recent ? [sql`created_at > now() - interval '2 days'`] : []),
      ...(scope.drivers ? [sql`driver_id = any(${jsonTexts('drivers')})`] : []),
    ];
    statement = preparedStatement<CodeHolder>(
      name,
      () => sql`select order_number as "orderNumber", customer_id as "customerId", customer_phone as "customerPhone",
          driver_id as "driverId", delivery_verification_code as code, created_at > now() - interval '2 days' as recent
        from orders
        where delivery_verification_code = any(${jsonTexts('codes')}) and (${sql.join(parts, sql` or `)})`,
      { prepareOnPglite: true },
    );
    holderStatements.set(name, statement);
  }
  return statement;
}

/**
 * For each text, whether it carries a delivery code to someone who is not that order's customer
 * (docs/decisions/0144-sms-provider.md): the driver must get the code from the customer at the
 * door. The orders looked at are those the text names (or, when it names none, every order of the
 * last two days) and those the recipient drives; a visitor's order is the customer's when the
 * phone numbers match. A text naming its own order is not refused for a year or a price that
 * happens to equal some other order's code (a receipt's "2026"). One query answers a whole batch
 * of texts: it reads every order any of them could mean, and each text is judged by its own scope.
 */
export async function deliveryCodeLeaks(db: Db, checks: readonly CodeCheck[]): Promise<(string | null)[]> {
  const asked = checks.map((c) => ({ ...c, codes: codeLikeNumbers(c.body), named: orderNumbersIn(c.body) }));
  const looking = asked.filter((a) => a.codes.length > 0);
  if (looking.length === 0) return checks.map(() => null);
  const codes = [...new Set(looking.flatMap((a) => a.codes))];
  const named = [...new Set(looking.flatMap((a) => a.named))];
  const drivers = [...new Set(looking.flatMap((a) => (a.recipient.userId ? [a.recipient.userId] : [])))];
  const shape = {
    named: named.length > 0,
    recent: looking.some((a) => a.named.length === 0),
    drivers: drivers.length > 0,
  };
  const holders = await codeHolders(shape)(db, {
    codes: JSON.stringify(codes),
    named: JSON.stringify(named),
    drivers: JSON.stringify(drivers),
  });
  return asked.map(({ recipient, phone, codes: own, named: names }) => {
    if (own.length === 0) return null;
    const inScope = (o: CodeHolder) =>
      own.includes(o.code) &&
      ((names.length ? names.includes(o.orderNumber) : o.recent) ||
        (!!recipient.userId && o.driverId === recipient.userId));
    const isCustomer = (o: CodeHolder) =>
      (o.customerId !== null && o.customerId === recipient.userId) ||
      (o.customerId === null && toE164(o.customerPhone) === phone);
    const leak = holders.find((o) => inScope(o) && !isCustomer(o));
    return leak ? leak.orderNumber : null;
  });
}

/** The check of deliveryCodeLeaks for one text: the leaked order's number, or null. */
export async function revealsDeliveryCode(
  db: Db,
  recipient: OutgoingMessage['recipient'],
  phone: string,
  body: string,
): Promise<string | null> {
  return (await deliveryCodeLeaks(db, [{ recipient, phone, body }]))[0];
}

const isRetryable = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * Texts a message through a Twilio-style messages endpoint (form-encoded To, From, Body), or keeps
 * it in the dev outbox when SMS_URL is unset (docs/decisions/0144-sms-provider.md). The text is
 * made short and plain (domain/sms.ts); one carrying a delivery code to anyone but that order's
 * customer is refused, never sent.
 */
export function createSmsSender(options: SmsSenderOptions): ChannelSender {
  const doFetch = options.fetch ?? fetch;
  const target = options.sms ? smsRequestTarget(options.sms) : null;
  // The texts of a busy moment are checked for delivery codes in one query.
  const leakOf = batched((checks: CodeCheck[]) => deliveryCodeLeaks(options.db, checks));

  async function phoneOf(recipient: OutgoingMessage['recipient']): Promise<string | null> {
    if (recipient.phone) return toE164(recipient.phone);
    if (!recipient.userId) return null;
    const [profile] = await options.db
      .select({ phone: userProfiles.phone })
      .from(userProfiles)
      .where(eq(userProfiles.userId, recipient.userId));
    return profile?.phone ? toE164(profile.phone) : null;
  }

  return {
    channel: 'sms',
    async send(message): Promise<SendResult> {
      const phone = await phoneOf(message.recipient);
      if (!phone) return { ok: false, retry: false, error: 'No phone number to text' };
      const link = message.url
        ? /^https?:\/\//.test(message.url)
          ? message.url
          : `${options.publicUrl}${message.url}`
        : null;
      const body = smsBody(message.text, link);
      const leak = await leakOf({ recipient: message.recipient, phone, body });
      if (leak)
        return {
          ok: false,
          retry: false,
          error: `Refused: the text carries the delivery code of ${leak} to someone other than its customer`,
        };
      if (!options.sms || !target) {
        if (!options.devOutbox) return { ok: false, retry: false, error: 'SMS_URL is not set' };
        await recordDevDelivery(options.db, {
          channel: 'sms',
          to: phone,
          title: message.title,
          text: body,
          dedupeKey: message.dedupeKey,
        });
        return { ok: true, detail: 'kept in the dev outbox' };
      }
      const headers: Record<string, string> = {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        // Providers that deduplicate by key get the outbox's: a retried send is not a second text.
        'idempotency-key': message.dedupeKey,
      };
      if (target.authorization) headers.authorization = target.authorization;
      try {
        const res = await doFetch(target.url, {
          method: 'POST',
          headers,
          body: new URLSearchParams({ To: phone, From: options.sms.from, Body: body }).toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
          redirect: 'error',
        });
        const text = (await res.text().catch(() => '')).slice(0, 300);
        if (res.ok) {
          const sid = /"sid"\s*:\s*"([^"]+)"/.exec(text)?.[1];
          return { ok: true, detail: sid ? `provider id ${sid}` : `provider answered ${res.status}` };
        }
        return {
          ok: false,
          retry: isRetryable(res.status),
          error: `SMS provider answered ${res.status}${text ? `: ${text}` : ''}`,
        };
      } catch (err) {
        return { ok: false, retry: true, error: `SMS provider unreachable: ${(err as Error).message}` };
      }
    },
  };
}
