import { type Locator, type Page, expect, test } from '@playwright/test';
import { waitForHydration } from './hydration';

/** Every demo account's password (README; demo mode only). */
const DEMO_PASSWORD = 'halalnosh-demo';
/** The one self-declared sample branch, owned by the demo partner. */
const SLUG = 'zaatar-olive-shepherd-s-bush';

/** A small valid one-page PDF, generated here. */
function certificatePdf(number: string): Buffer {
  const text = `BT /F1 18 Tf 56 760 Td (Halal Certificate ${number}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const isoDay = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function signIn(page: Page, path: string, email: string, button: string) {
  await page.goto(path);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: button }).click();
}

/**
 * Presses Show More Restaurants until it is gone, each time waiting for the next restaurants to
 * show: while they load the button stays on screen (disabled), and a press then would wait for a
 * button that goes once the last page is in.
 */
async function showAll(page: Page, cards: Locator): Promise<void> {
  const more = page.getByRole('button', { name: 'Show More Restaurants' });
  while (await more.isVisible()) {
    const shown = await cards.count();
    await more.click();
    await expect.poll(() => cards.count()).toBeGreaterThan(shown);
  }
}

test.use({ viewport: { width: 1280, height: 900 } });

test('a partner submits a certificate, a verifier approves it after viewing it, and customers see the panel and the filter', async ({
  browser,
}) => {
  // Three people (a customer, the partner, the verifier) each start the app, two of them signing in
  // and the partner opening a second page by its address: on a busy machine each start takes 4-9
  // seconds, which is most of the usual minute before anyone acts.
  test.setTimeout(120_000);
  const number = `HMC-E2E-${Date.now() % 100000}`;

  // Before: self-declared, so not under Verified Halal.
  const customer = await (await browser.newContext()).newPage();
  await customer.goto(`/restaurant/${SLUG}`);
  const panel = customer.getByRole('region', { name: 'Halal details' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('definition').filter({ hasText: 'Self Declared Halal' })).toBeVisible();
  const siteId = (
    (await (await customer.request.get(`/api/restaurants/${SLUG}`)).json()) as { restaurant: { id: string } }
  ).restaurant.id;

  // The partner submits the certificate from the location page.
  const partner = await (await browser.newContext()).newPage();
  await signIn(partner, '/partner/login', 'partner@halalnosh.test', 'Sign In to Dashboard');
  await expect(partner.getByRole('heading', { name: 'Partner Dashboard' })).toBeVisible();
  await partner.goto(`/partner/location/${siteId}`);
  const form = partner.getByRole('form', { name: 'Submit a certificate' });
  await expect(form).toBeVisible();
  await form.getByLabel('Certifying body').selectOption('hmc');
  await form.getByLabel('Certificate number').fill(number);
  await form.getByLabel('Issue date').fill(isoDay(-10));
  await form.getByLabel('Expiry date').fill(isoDay(355));
  await form
    .getByLabel('Certificate document (PDF or image)')
    .setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: certificatePdf(number) });
  await form.getByRole('button', { name: 'Submit Certificate' }).click();
  const mine = partner
    .getByRole('region', { name: 'Your certificates' })
    .getByRole('listitem')
    .filter({ hasText: number });
  await expect(mine.getByText('Awaiting review')).toBeVisible();

  // The verifier views the document and approves.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, '/admin/login', 'ops@halalnosh.test', 'Access Admin Panel');
  await expect(admin.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await admin.getByRole('link', { name: 'Halal Verification' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Halal Verification' })).toBeVisible();
  const card = admin
    .locator('div')
    .filter({ has: admin.getByRole('heading', { name: /Zaatar & Olive/ }) })
    .filter({ hasText: number })
    .last();
  await card.getByRole('button', { name: 'View Document' }).click();
  await expect(card.locator('iframe[title^="Certificate of"]')).toBeVisible();
  await card.getByRole('button', { name: 'Approve Certificate' }).click();
  await expect(admin.getByText(/Certificate approved/)).toBeVisible();

  // The partner sees it approved.
  await partner.reload();
  await expect(
    partner
      .getByRole('region', { name: 'Your certificates' })
      .getByRole('listitem')
      .filter({ hasText: number })
      .getByText('Approved'),
  ).toBeVisible();

  // Customers: the panel shows the certificate, and the branch is under Verified Halal.
  await customer.reload();
  await expect(panel.getByRole('definition').filter({ hasText: 'Halal Verified' })).toBeVisible();
  await expect(panel.getByRole('definition').filter({ hasText: 'Halal Monitoring Committee' })).toBeVisible();
  await expect(panel.getByText(number)).toBeVisible();
  await panel.getByText('Halal history').click();
  await expect(panel.getByRole('listitem').filter({ hasText: 'Halal Verified' })).toBeVisible();
  await customer.goto('/?location=London&filters=verified');
  await expect(customer.locator(`a[href="/restaurant/${SLUG}"]`)).toBeVisible();
});

test('every "Halal Verified" badge in London opens a panel with a current certificate, and no other does', async ({
  page,
}) => {
  await page.goto('/?location=London');
  await waitForHydration(page);
  const cards = page.locator('a[href^="/restaurant/"]');
  await expect(cards.first()).toBeVisible();
  // Every London card on one list (Show More Restaurants until it is gone).
  await showAll(page, cards);
  const found = await cards.evaluateAll((links) =>
    links.map((a) => ({ href: a.getAttribute('href')!, verified: (a.textContent ?? '').includes('Halal Verified') })),
  );
  const unique = [...new Map(found.map((c) => [c.href, c])).values()];
  expect(unique.filter((c) => c.verified).length).toBeGreaterThan(5);
  expect(unique.filter((c) => !c.verified).length).toBeGreaterThan(1);
  // What every card's panel shows comes from its halal details: a current certificate for each
  // badge and for no other card. Read here for all of them; opening every London page in turn (a
  // page load and the panel's own request each, two to three seconds apiece on a busy machine)
  // made the journey's time grow with the demo data until it ran out.
  for (const card of unique) {
    const slug = card.href.replace(/^\/restaurant\//, '').replace(/\?.*$/, '');
    const halal = await page.request.get(`/api/restaurants/${slug}/halal`);
    expect(halal.ok(), card.href).toBeTruthy();
    const { certificate } = (await halal.json()) as { certificate: { certificateNumber: string } | null };
    expect(certificate !== null, card.href).toBe(card.verified);
  }
  // And the panel says so on a badged page and on one without the badge.
  for (const card of [unique.find((c) => c.verified)!, unique.find((c) => !c.verified)!]) {
    await page.goto(card.href);
    const panel = page.getByRole('region', { name: 'Halal details' });
    await expect(panel, card.href).toBeVisible();
    if (card.verified) {
      await expect(panel.getByRole('term').filter({ hasText: 'Certificate number' }), card.href).toBeVisible();
      await expect(panel.getByText('No current certificate checked by HalalNosh.'), card.href).toHaveCount(0);
    } else {
      await expect(panel.getByText('No current certificate checked by HalalNosh.'), card.href).toBeVisible();
    }
  }
  // The chip lists exactly the badged ones.
  await page.goto('/?location=London&filters=verified');
  await waitForHydration(page);
  await expect(cards.first()).toBeVisible();
  await showAll(page, cards);
  const chip = await cards.evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))]);
  expect(chip.sort()).toEqual(
    unique
      .filter((c) => c.verified)
      .map((c) => c.href)
      .sort(),
  );
});

test('the demo partner is told a certificate renews soon, and the verifier sees the one awaiting review', async ({
  browser,
}) => {
  // The partner and the verifier each start the app and sign in (4-9 seconds each on a busy machine).
  test.setTimeout(90_000);
  const partner = await (await browser.newContext()).newPage();
  await signIn(partner, '/partner/login', 'partner@halalnosh.test', 'Sign In to Dashboard');
  await expect(partner.getByRole('heading', { name: 'Partner Dashboard' })).toBeVisible();
  const siteId = (
    (await (await partner.request.get('/api/restaurants/tiffin-tandoor-tooting')).json()) as {
      restaurant: { id: string };
    }
  ).restaurant.id;
  await partner.goto(`/partner/location/${siteId}`);
  await expect(partner.getByText('Certificate renews soon')).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, '/admin/login', 'ops@halalnosh.test', 'Access Admin Panel');
  await expect(admin.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await admin.getByRole('link', { name: 'Halal Verification' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Halal Verification' })).toBeVisible();
  await expect(admin.getByRole('heading', { name: /Karachi Biryani Co\./ })).toBeVisible();
});
