import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invitations, mailOutbox, siteStaff } from '../../db/schema/index';
import { type TestApp, TEST_ORIGIN, TEST_PASSWORD, createTestApp, createUser, signIn } from '../../test/test-app';
import { type PartnerWorld, call, partnerWorld } from './test-fixtures';

let t: TestApp;
let w: PartnerWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await partnerWorld(t);
});
afterAll(async () => t.close());

const invite = (cookie: string, body: Record<string, unknown>, brandId = w.brandA.id) =>
  call(t, 'POST', `/api/partner/brands/${brandId}/invitations`, cookie, body);

/** The token from the last invitation mail to this address. */
async function tokenFor(email: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const m = /\/partner\/invite\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!m) throw new Error(`no invitation link in: ${mail.text}`);
  return m[1];
}

describe('inviting', () => {
  it('e-mails a site manager a link for the chosen locations, pending for 7 days', async () => {
    const res = await invite(w.owner.cookie, { email: 'Chef@Example.com', role: 'site_manager', siteIds: [w.a1.id] });
    expect(res.statusCode, res.body).toBe(201);
    const inv = res.json().invitation;
    expect(inv).toMatchObject({
      email: 'chef@example.com',
      role: 'site_manager',
      status: 'pending',
      sites: [{ id: w.a1.id, name: 'Aldgate' }],
    });
    expect(new Date(inv.expiresAt).getTime() - new Date(inv.createdAt).getTime()).toBe(7 * 24 * 3_600_000);
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'chef@example.com'));
    expect(mail.subject).toBe(`You're invited to join ${w.brandA.name} on HalalNosh`);
    expect(mail.text).toContain(`${TEST_ORIGIN}/partner/invite?token=`);
    // The company and its support phone of the settings (docs/decisions/0171-company-details-in-messages.md).
    expect(mail.text).toContain('--\nHalalNosh · Customer support: 020 7946 0000');
    // Only the hash is stored.
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.id, inv.id));
    expect(mail.text).not.toContain(row.tokenHash);
  });

  it('needs a location for a site manager, a valid e-mail and a known role', async () => {
    expect(
      (await invite(w.owner.cookie, { email: 'x@example.com', role: 'site_manager', siteIds: [] })).statusCode,
    ).toBe(400);
    expect((await invite(w.owner.cookie, { email: 'not-mail', role: 'admin' })).statusCode).toBe(400);
    expect((await invite(w.owner.cookie, { email: 'x@example.com', role: 'owner' })).statusCode).toBe(400);
    expect(
      (await invite(w.owner.cookie, { email: 'x@example.com', role: 'site_manager', siteIds: [w.b1.id] })).statusCode,
    ).toBe(400);
  });

  it('refuses a second pending invitation and someone already on the staff', async () => {
    const pending = await invite(w.admin.cookie, { email: 'chef@example.com', role: 'admin' });
    expect(pending.statusCode).toBe(409);
    // The refusal names the e-mail, so the invite form shows it under the Email field.
    expect(pending.json().error.fields).toEqual([
      { in: 'body', path: 'email', message: 'An invitation to chef@example.com is already pending' },
    ]);
    const member = await invite(w.owner.cookie, { email: w.manager.email, role: 'admin' });
    expect(member.statusCode).toBe(409);
    expect(member.json().error.fields).toEqual([
      { in: 'body', path: 'email', message: `${w.manager.email} already works for this brand` },
    ]);
  });

  it("answers 404 on another partner's brand and 403 to a site manager", async () => {
    expect((await invite(w.other.cookie, { email: 'y@example.com', role: 'admin' })).statusCode).toBe(404);
    expect((await invite(w.manager.cookie, { email: 'y@example.com', role: 'admin' })).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/partner/brands/${w.brandA.id}/invitations`, w.other.cookie)).statusCode).toBe(
      404,
    );
    expect((await call(t, 'GET', `/api/partner/brands/${w.brandA.id}/invitations`, w.manager.cookie)).statusCode).toBe(
      403,
    );
    expect((await call(t, 'GET', `/api/partner/brands/${w.brandA.id}/staff`, w.other.cookie)).statusCode).toBe(404);
  });
});

describe('the list and revoking', () => {
  it('shows expired for a pending invitation past its 7 days and lets a new one be sent', async () => {
    await invite(w.owner.cookie, { email: 'late@example.com', role: 'admin' });
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, 'late@example.com'));
    const list = (await call(t, 'GET', `/api/partner/brands/${w.brandA.id}/invitations`, w.owner.cookie)).json()
      .invitations;
    expect(list.find((i: { email: string }) => i.email === 'late@example.com').status).toBe('expired');
    expect((await invite(w.owner.cookie, { email: 'late@example.com', role: 'admin' })).statusCode).toBe(201);
  });

  it('revokes only a pending invitation, and only for the brand’s owner or admin', async () => {
    const inv = (await invite(w.owner.cookie, { email: 'gone@example.com', role: 'admin' })).json().invitation;
    expect((await call(t, 'DELETE', `/api/partner/invitations/${inv.id}`, w.other.cookie)).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/api/partner/invitations/${inv.id}`, w.manager.cookie)).statusCode).toBe(403);
    expect((await call(t, 'DELETE', `/api/partner/invitations/${inv.id}`, w.admin.cookie)).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/partner/invitations/${inv.id}`, w.owner.cookie)).statusCode).toBe(409);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, inv.id));
    expect(audit.map((a) => [a.actionType, a.performedBy])).toEqual(
      expect.arrayContaining([
        ['invite_sent', w.owner.id],
        ['invite_revoked', w.admin.id],
      ]),
    );
    const token = await tokenFor('gone@example.com');
    const res = await call(t, 'POST', '/api/invitations/accept', undefined, {
      token,
      name: 'Gone',
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(409);
  });

  it('lists the staff with roles and a site manager’s locations', async () => {
    const staff = (await call(t, 'GET', `/api/partner/brands/${w.brandA.id}/staff`, w.admin.cookie)).json().staff;
    expect(staff.map((s: { role: string }) => s.role)).toEqual(['owner', 'admin', 'site_manager']);
    expect(staff.find((s: { role: string }) => s.role === 'site_manager').sites).toEqual([
      { id: w.a1.id, name: 'Aldgate' },
    ]);
  });
});

describe('accepting', () => {
  it('shows what the link offers, and nothing for a wrong token', async () => {
    const token = await tokenFor('chef@example.com');
    const res = await call(t, 'POST', '/api/invitations/lookup', undefined, { token });
    expect(res.json()).toEqual({
      invitation: expect.objectContaining({
        email: 'chef@example.com',
        brandName: w.brandA.name,
        role: 'site_manager',
        sites: ['Aldgate'],
        status: 'pending',
      }),
      accountExists: false,
    });
    expect((await call(t, 'POST', '/api/invitations/lookup', undefined, { token: 'x'.repeat(43) })).statusCode).toBe(
      404,
    );
  });

  it('creates a confirmed partner account for a newcomer, who then signs in and runs only their location', async () => {
    const token = await tokenFor('chef@example.com');
    const res = await call(t, 'POST', '/api/invitations/accept', undefined, {
      token,
      name: 'Hamza Chef',
      password: TEST_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      brandId: w.brandA.id,
      brandName: w.brandA.name,
      role: 'site_manager',
      accountCreated: true,
    });
    const cookie = await signIn(t, 'chef@example.com');
    const me = (await call(t, 'GET', '/api/me', cookie)).json().user;
    expect(me).toMatchObject({ userType: 'partner', email: 'chef@example.com' });
    const brands = (await call(t, 'GET', '/api/partner/brands', cookie)).json().brands;
    expect(brands[0].sites.map((s: { id: string }) => s.id)).toEqual([w.a1.id]);
    expect((await call(t, 'GET', `/api/partner/sites/${w.a1.id}/orders`, cookie)).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/partner/sites/${w.a2.id}/orders`, cookie)).statusCode).toBe(404);
    // A new account has accepted no terms: new work (a new brand) waits for them (docs/decisions/0154-terms-acceptance.md);
    // editing or closing its location would not (docs/decisions/0206-new-terms-hold-back-new-work-only.md).
    const early = await call(t, 'POST', '/api/partner/brands', cookie, { name: 'Second Kitchen' });
    expect([early.statusCode, early.json().error.code]).toEqual([403, 'TERMS_NOT_ACCEPTED']);
    expect((await call(t, 'POST', '/api/terms/accept', cookie, { version: '1.0' })).statusCode).toBe(200);
    expect((await call(t, 'PATCH', `/api/partner/sites/${w.a2.id}`, cookie, { isOpen: false })).statusCode).toBe(404);
    // A link works once.
    expect(
      (await call(t, 'POST', '/api/invitations/accept', undefined, { token, name: 'Again', password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(409);
  });

  it('asks someone with an account to sign in, then joins them when the e-mail matches', async () => {
    const email = 'existing.partner@example.com';
    await createUser(t, { email, userType: 'partner' });
    await invite(w.owner.cookie, { email, role: 'admin' });
    const token = await tokenFor(email);
    expect((await call(t, 'POST', '/api/invitations/lookup', undefined, { token })).json().accountExists).toBe(true);
    const anon = await call(t, 'POST', '/api/invitations/accept', undefined, {
      token,
      name: 'x',
      password: TEST_PASSWORD,
    });
    expect(anon.statusCode).toBe(409);
    expect(anon.json().error.message).toBe(
      'An account with this e-mail already exists. Sign in to accept the invitation.',
    );
    const wrong = await call(t, 'POST', '/api/invitations/accept', w.other.cookie, { token });
    expect(wrong.statusCode).toBe(403);
    const res = await call(t, 'POST', '/api/invitations/accept', await signIn(t, email), { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ role: 'admin', accountCreated: false });
  });

  it('refuses a customer account and an expired link', async () => {
    await invite(w.owner.cookie, { email: w.customer.email, role: 'site_manager', siteIds: [w.a2.id] });
    const token = await tokenFor(w.customer.email);
    expect((await call(t, 'POST', '/api/invitations/accept', w.customer.cookie, { token })).statusCode).toBe(409);

    await invite(w.owner.cookie, { email: 'slow@example.com', role: 'site_manager', siteIds: [w.a2.id] });
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(invitations.email, 'slow@example.com'));
    const late = await call(t, 'POST', '/api/invitations/accept', undefined, {
      token: await tokenFor('slow@example.com'),
      name: 'Slow',
      password: TEST_PASSWORD,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This invitation has expired. Ask for a new one.');
    expect(
      await t.database.db
        .select()
        .from(siteStaff)
        .where(and(eq(siteStaff.siteId, w.a2.id))),
    ).toHaveLength(0);
  });
});
