import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The browser journeys wait for what a person sees (docs/decisions/0220-journeys-wait-for-what-a-person-sees.md):
 * a heading, a text, a button enabled, the address, the page hydrated. Not for a pause, not for
 * the network to go quiet, and not for a request the app happened to make: a page the server
 * renders (docs/decisions/0177-server-rendered-customer-pages.md) may have been loaded whole
 * instead, and on a loaded machine the request a journey waits for is then never made. A journey
 * that really reads a request or its answer (a body, a header) is on the list below, with why.
 */

const E2E_DIR = path.resolve('tests/e2e');

/**
 * A place a journey may watch the network (once in its file, the `call` whose text has `match`),
 * and why nothing on the screen would do.
 */
type Allowed = { file: string; call: string; match: string; reason: string };

const ALLOWED_NETWORK_WAITS: readonly Allowed[] = [
  {
    file: 'customer.spec.ts',
    call: 'waitForResponse',
    match: "'/api/orders'",
    reason: 'reads the placing request’s Idempotency-Key header and the order token in its answer',
  },
  {
    file: 'customer.spec.ts',
    call: 'waitForResponse',
    match: "'/api/events?'",
    reason: 'the order page shows nothing of its live stream; the journey proves it is open before the restaurant acts',
  },
  {
    file: 'marketplace.spec.ts',
    call: 'waitForResponse',
    match: "'/api/orders'",
    reason: 'reads the placed order (its number, subtotal and total) that the rest of the serial journey checks',
  },
  {
    file: 'menu-options.spec.ts',
    call: 'waitForResponse',
    match: "'/api/orders'",
    reason: 'reads the total the server priced the chosen options at',
  },
  {
    file: 'schedule.spec.ts',
    call: 'waitForResponse',
    match: "'/api/orders'",
    reason: 'reads the slot the server stored, to compare with what checkout showed',
  },
  {
    file: 'checkout-reprice.spec.ts',
    call: 'waitForResponse',
    match: "endsWith('/api/orders')",
    reason: 'proves the server refused the total the customer had not seen (409), not only that the page says so',
  },
  {
    file: 'checkout-reprice.spec.ts',
    call: 'waitForResponse',
    match: "endsWith('/api/orders')",
    reason: 'reads the total the server charged, to compare with the new total the customer accepted',
  },
  {
    file: 'checkout-reprice.spec.ts',
    call: 'waitForResponse',
    match: "endsWith('/api/orders')",
    reason: 'reads that the server stored the order for later, as the closed branch allows nothing else',
  },
  {
    file: 'maps.spec.ts',
    call: 'waitForRequest',
    match: '/position`',
    reason: 'reads the position the driver’s page sends (its body)',
  },
  {
    file: 'shell.spec.ts',
    call: "on('request'",
    match: "resourceType() === 'script'",
    reason: 'counts which scripts the pages download (the JavaScript budget), which no screen shows',
  },
];

/** Waits on time alone: never allowed. `test.setTimeout` (a test's time limit) is not one. */
const FORBIDDEN: { pattern: RegExp; why: string }[] = [
  { pattern: /\bwaitForTimeout\(/g, why: 'a fixed pause: wait for what the page shows instead' },
  { pattern: /networkidle/g, why: 'a quiet network is not a state of the page: wait for what it shows' },
  { pattern: /(?<!\btest\.)\bsetTimeout\(/g, why: 'a sleep: wait for what the page shows instead' },
];

/**
 * A sign-in's submit: a click on the sign-in button (named in the text, or through a variable such
 * as `side.button`), or Enter pressed once the keyboard reached it.
 */
const SIGN_IN_SUBMIT =
  /getByRole\((['"])button\1, \{ name: (?:(['"])(?:Sign In|Sign in|Access Admin Panel)[^'"]*\2|[\w.]*[bB]utton\b)[^}]*\}\)\)?(?:\.click\([^)]*\)|;\s*await \w+\.keyboard\.press\((['"])Enter\3\))\s*;/g;

/**
 * A wait for a heading any page has (no name): the login page has a level-1 heading of its own, so
 * right after a sign-in it passes before the session exists.
 */
const ANY_HEADING = /getByRole\((['"])heading\1(?:\s*,\s*\{\s*level:\s*\d\s*\})?\s*\)/;

/** Watching the network: allowed only as ALLOWED_NETWORK_WAITS says. */
const NETWORK =
  /\b(waitForRequest|waitForResponse)\(|\.on\((['"])(request|response|requestfinished)\2|waitForEvent\((['"])(request|response)\4/g;

/** The call's name as the allow-list spells it. */
function callName(m: RegExpExecArray): string {
  if (m[1]) return m[1];
  if (m[3]) return `on('${m[3]}'`;
  return `waitForEvent('${m[5]}'`;
}

/** Every breach of the rule in these files (name to text), as "file:line: what". */
function checkJourneyWaits(files: Record<string, string>, allowed: readonly Allowed[]): string[] {
  const problems: string[] = [];
  const used = new Set<Allowed>();
  const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;
  for (const [file, text] of Object.entries(files)) {
    for (const { pattern, why } of FORBIDDEN) {
      for (const m of text.matchAll(pattern)) problems.push(`${file}:${lineOf(text, m.index)}: ${m[0]} ${why}`);
    }
    for (const m of text.matchAll(SIGN_IN_SUBMIT)) {
      // The statement right after the submit: what the journey takes as "signed in".
      const after = m.index + m[0].length;
      const lead = /^\s*/.exec(text.slice(after))![0].length;
      const next = /^[^;]*;/.exec(text.slice(after + lead))?.[0] ?? '';
      if (/^await expect\(/.test(next) && ANY_HEADING.test(next))
        problems.push(
          `${file}:${lineOf(text, after + lead)}: waits for any heading right after a sign-in, which the ` +
            'login page has too: wait for the landing page’s own heading (its name) or its address',
        );
    }
    for (const m of text.matchAll(NETWORK)) {
      const call = callName(m as RegExpExecArray);
      // The call's own text: its predicate or listener, up to a few lines on.
      const body = text.slice(m.index, m.index + 300);
      const entry = allowed.find((a) => a.file === file && a.call === call && body.includes(a.match) && !used.has(a));
      if (entry) used.add(entry);
      else
        problems.push(
          `${file}:${lineOf(text, m.index)}: ${call} waits for a request, not for what a person sees ` +
            '(wait for the page instead, or add it to ALLOWED_NETWORK_WAITS with the reason it must read the request)',
        );
    }
  }
  for (const entry of allowed) {
    if (entry.file in files && !used.has(entry))
      problems.push(
        `${entry.file}: allowed ${entry.call} matching ${entry.match} is no longer there; remove it from the list`,
      );
  }
  return problems;
}

function journeyFiles(): Record<string, string> {
  return Object.fromEntries(
    readdirSync(E2E_DIR)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => [name, readFileSync(path.join(E2E_DIR, name), 'utf8')]),
  );
}

describe('browser journeys wait for what a person sees (tests/e2e)', () => {
  it('no journey pauses, waits for a quiet network, or waits for a request outside the allow-list', () => {
    expect(checkJourneyWaits(journeyFiles(), ALLOWED_NETWORK_WAITS)).toEqual([]);
  });

  it('every allowed network wait gives its reason', () => {
    for (const entry of ALLOWED_NETWORK_WAITS) expect(entry.reason.length, entry.file).toBeGreaterThan(20);
  });

  it('refuses the patterns that made journeys fail on a loaded machine', () => {
    // The failing journey's own wait: a card clicked, then the app's fetch of the restaurant awaited.
    const failing = [
      '  const answer = page.waitForResponse(',
      "    (r) => r.url().endsWith(`/api/restaurants/${OPEN_SAMPLE.slug}`) && r.request().method() === 'GET',",
      '  );',
      '  await card.click();',
    ].join('\n');
    expect(checkJourneyWaits({ 'customer.spec.ts': failing }, [])).toEqual([
      expect.stringMatching(/^customer\.spec\.ts:1: waitForResponse waits for a request/),
    ]);
    expect(checkJourneyWaits({ 'partner.spec.ts': '  await page.waitForTimeout(2100);\n' }, [])).toEqual([
      expect.stringMatching(/^partner\.spec\.ts:1: waitForTimeout\( a fixed pause/),
    ]);
    expect(
      checkJourneyWaits(
        { 'a.spec.ts': "await page.waitForLoadState('networkidle');\nawait new Promise((r) => setTimeout(r, 500));" },
        [],
      ),
    ).toHaveLength(2);
    expect(checkJourneyWaits({ 'a.spec.ts': "page.on('response', (r) => seen.push(r));" }, [])).toHaveLength(1);
    // A test's time limit is not a wait.
    expect(checkJourneyWaits({ 'a.spec.ts': 'test.setTimeout(90_000);' }, [])).toEqual([]);
  });

  it('refuses a wait for any heading right after a sign-in, and accepts the landing page’s own', () => {
    const signIn = (submit: string, wait: string) =>
      [
        "  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);",
        `  ${submit}`,
        `  ${wait}`,
        "  await page.getByRole('navigation', { name: 'Driver' }).getByRole('link', { name: 'Help' }).click();",
      ].join('\n');
    const click = "await page.getByRole('button', { name: 'Sign In', exact: true }).click();";
    const any = "await expect(page.getByRole('heading', { level: 1 })).toBeVisible();";
    const own = "await expect(page.getByRole('heading', { level: 1, name: 'Available Jobs' })).toBeVisible();";
    // The help journey's own wait before it was fixed.
    expect(checkJourneyWaits({ 'help.spec.ts': signIn(click, any) }, [])).toEqual([
      expect.stringMatching(/^help\.spec\.ts:3: waits for any heading right after a sign-in/),
    ]);
    expect(checkJourneyWaits({ 'help.spec.ts': signIn(click, any.replace(', { level: 1 }', '')) }, [])).toHaveLength(1);
    // The button named through a variable, the admin's button, and Enter pressed on the button.
    const bySide = "await page.getByRole('button', { name: side.button, exact: true }).click();";
    expect(checkJourneyWaits({ 'a.spec.ts': signIn(bySide, any) }, [])).toHaveLength(1);
    const admin = "await page.getByRole('button', { name: 'Access Admin Panel' }).click();";
    expect(checkJourneyWaits({ 'a.spec.ts': signIn(admin, any) }, [])).toHaveLength(1);
    const enter =
      "await tabTo(page, page.getByRole('button', { name: 'Sign In', exact: true }));\n  await page.keyboard.press('Enter');";
    expect(checkJourneyWaits({ 'a.spec.ts': signIn(enter, any) }, [])).toHaveLength(1);
    // The landing page's own heading or address is what signed in looks like.
    expect(checkJourneyWaits({ 'a.spec.ts': signIn(click, own) }, [])).toEqual([]);
    expect(checkJourneyWaits({ 'a.spec.ts': signIn(enter, own) }, [])).toEqual([]);
    expect(checkJourneyWaits({ 'a.spec.ts': signIn(click, "await expectPath(page, '/driver/jobs');") }, [])).toEqual(
      [],
    );
    // Any heading on a page opened without signing in is not this case.
    expect(checkJourneyWaits({ 'a.spec.ts': `await page.goto('/');\n${any}` }, [])).toEqual([]);
  });

  it('allows a listed network wait only in its file and for its request', () => {
    const entry: Allowed = {
      file: 'a.spec.ts',
      call: 'waitForRequest',
      match: '/position',
      reason: 'reads the body sent',
    };
    const text = "const sent = page.waitForRequest((r) => r.url().endsWith('/position'));";
    expect(checkJourneyWaits({ 'a.spec.ts': text }, [entry])).toEqual([]);
    expect(checkJourneyWaits({ 'b.spec.ts': text }, [entry])).toHaveLength(1);
    expect(checkJourneyWaits({ 'a.spec.ts': text.replace('/position', '/orders') }, [entry])).toHaveLength(2);
    // An entry covers one call: a second wait for the same request needs its own reason.
    expect(checkJourneyWaits({ 'a.spec.ts': `${text}\n${text}` }, [entry])).toEqual([
      expect.stringMatching(/^a\.spec\.ts:2: waitForRequest waits for a request/),
    ]);
  });
});
