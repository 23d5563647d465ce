/**
 * SMS rules (docs/decisions/0144-sms-provider.md): texts are short, in the GSM alphabet where
 * we can help it (a curly quote or an ellipsis makes a phone carrier bill 70-character parts), and a
 * delivery code goes only to that order's customer.
 */

/** One SMS part: the text (without its link) never runs past it. */
export const SMS_TEXT_MAX = 160;

const TYPOGRAPHY: [RegExp, string][] = [
  [/[‘’‛′]/g, "'"],
  [/[“”″]/g, '"'],
  [/[–—]/g, '-'],
  [/…/g, '...'],
  [/\s+/g, ' '],
];

function plainText(text: string): string {
  let plain = text;
  for (const [pattern, replacement] of TYPOGRAPHY) plain = plain.replace(pattern, replacement);
  return plain.trim();
}

/** The longest label a link keeps in front of it ("Track your order:"); a longer line loses it. */
const LINK_LABEL_MAX = 40;

/**
 * The text of an SMS: one line, plain punctuation, at most SMS_TEXT_MAX characters, then the link
 * if there is one, once. The templates' texts already carry their link on a line of its own
 * ("Track your order: https://…/order/HN-100016"): that line is taken out of the text and goes
 * last, whole, so the link is neither said twice nor cut by the clipping.
 */
export function smsBody(text: string, url?: string | null): string {
  let rest = text;
  let label = '';
  if (url && text.includes(url)) {
    const lines = text.split('\n');
    const at = lines.findIndex((line) => line.includes(url));
    const before = plainText(lines[at].slice(0, lines[at].indexOf(url)));
    label = before.length <= LINK_LABEL_MAX ? before : '';
    lines.splice(at, 1);
    rest = lines.join('\n').split(url).join(' ');
  }
  let plain = plainText(rest);
  if (plain.length > SMS_TEXT_MAX) {
    const cut = plain.slice(0, SMS_TEXT_MAX - 3);
    const space = cut.lastIndexOf(' ');
    plain = `${(space > SMS_TEXT_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:-]+$/, '')}...`;
  }
  const link = url ? [label, url].filter(Boolean).join(' ') : '';
  return [plain, link].filter(Boolean).join(' ');
}

/** Order numbers an SMS names ("HN-100234"). */
export function orderNumbersIn(text: string): string[] {
  return [...new Set(text.match(/\bHN-\d+\b/g) ?? [])];
}

/**
 * The standalone four-digit numbers of a text: what a delivery code would look like in it. Digits
 * inside a longer number, an order number, a time (19:40) or an amount (£12.50) are not one.
 */
export function codeLikeNumbers(text: string): string[] {
  return [...new Set(text.match(/(?<![\d\-:.,£])\d{4}(?![\d:]|[.,]\d)/g) ?? [])];
}

/**
 * A UK phone number in international form (+447700900123), or null when it is not one we can
 * text. Numbers already given with another country code are kept as they are.
 */
export function toE164(phone: string): string | null {
  const compact = phone.replace(/[\s().-]/g, '');
  if (/^\+\d{8,15}$/.test(compact)) return compact;
  if (/^00\d{8,15}$/.test(compact)) return `+${compact.slice(2)}`;
  if (/^0\d{9,10}$/.test(compact)) return `+44${compact.slice(1)}`;
  return null;
}
