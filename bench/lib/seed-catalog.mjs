// Bulk catalog data in SQL for the benches that need a big catalog (perf/scale.mjs, perf/churn.mjs), on a
// database the server has already migrated and seeded with the demo data (DEMO=1). Columns are copied
// by name from information_schema, so the copies follow the schema. Small and stable: add, never change
// what a seeded template depends on without knowing that scale.mjs then seeds its template again.
//
//   copyInto(c, table, overrides, from, log?)  insert into table (every column) select overrides[col] ??
//                                              src.col <from>; with `(select 1) src` only the overridden
//                                              columns are written and the rest take their defaults
//   uuidOf(textSql)                            a fixed, valid UUID from a text expression (md5 based)
//   seedBrands(c, { brands, log })             brands uuidOf('bench-brand-' || n), n = 1..brands, each a
//                                              copy of a demo brand with its menu (sections and items)
//   seedBranches(c, { branches, brands, placeJoin, overrides, log })
//                                              sites uuidOf('bench-site-' || n), slug 'bench-<n>-<demo slug>',
//                                              n = 1..branches, brand ((n % brands) + 1); each copies a demo
//                                              branch (hours, fees, radius); `placeJoin` joins the place
//                                              (alias free, n is g.n), `overrides` set its columns
//   cloneAccounts(c, { from, count, prefix, log })
//                                              `count` accounts like the demo account `from` (same password,
//                                              profile and terms), e-mail <prefix><j>@bench.halalnosh.test;
//                                              returns the e-mails
//   pgliteClient(pglite)                       a PGlite instance with node-postgres's { rows, rowCount }
//
// `c` is anything with node-postgres's query(text) -> { rows, rowCount }.

/** The columns of a table, in order, without generated ones. */
export async function columns(c, table) {
  const { rows } = await c.query(
    `select column_name from information_schema.columns where table_schema = 'public' and table_name = '${table}' and is_generated = 'NEVER' order by ordinal_position`,
  );
  return rows.map((r) => r.column_name);
}

export async function copyInto(c, table, overrides, from, log = () => undefined) {
  const all = await columns(c, table);
  const cols = /\(select 1\) src/.test(from) ? all.filter((x) => x in overrides) : all;
  const started = Date.now();
  const res = await c.query(
    `insert into "${table}" (${cols.map((x) => `"${x}"`).join(', ')}) select ${cols.map((x) => overrides[x] ?? `src."${x}"`).join(', ')} ${from}`,
  );
  log(`  ${table}: ${res.rowCount.toLocaleString('en-GB')} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return res.rowCount;
}

/**
 * A fixed UUID made from a text expression: its md5 with the version (4) and variant (8) digits set,
 * so that the API's UUID check accepts it (a bare md5::uuid is not a valid RFC 9562 UUID).
 */
export const uuidOf = (text) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
export const brandOf = (n) => uuidOf(`'bench-brand-' || ${n}`);
export const menuOf = (n) => uuidOf(`'bench-menu-' || ${n}`);
export const siteOf = (n) => uuidOf(`'bench-site-' || ${n}`);

async function count(c, sql) {
  const { rows } = await c.query(sql);
  return Number(rows[0].n);
}

/** `brands` copies of the demo brands, each with a copy of its menu. */
export async function seedBrands(c, { brands, log }) {
  await c.query(
    `create temp table tpl_brand as select b.id as brand_id, m.id as menu_id, (row_number() over (order by b.id)) - 1 as k from brands b join menus m on m.brand_id = b.id`,
  );
  const nb = await count(c, 'select count(*)::int as n from tpl_brand');
  const fromBrands = `from generate_series(1, ${brands}) g(n) join tpl_brand t on t.k = g.n % ${nb}`;
  await copyInto(
    c,
    'brands',
    { id: brandOf('g.n'), name: `src.name || ' ' || g.n`, created_at: 'now()', updated_at: 'now()' },
    `${fromBrands} join brands src on src.id = t.brand_id`,
    log,
  );
  await copyInto(
    c,
    'menus',
    { id: menuOf('g.n'), brand_id: brandOf('g.n') },
    `${fromBrands} join menus src on src.id = t.menu_id`,
    log,
  );
  await copyInto(
    c,
    'menu_sections',
    { id: uuidOf(`'bench-section-' || g.n || src.id`), menu_id: menuOf('g.n') },
    `${fromBrands} join menu_sections src on src.menu_id = t.menu_id`,
    log,
  );
  await copyInto(
    c,
    'menu_items',
    {
      id: uuidOf(`'bench-item-' || g.n || src.id`),
      menu_id: menuOf('g.n'),
      section_id: uuidOf(`'bench-section-' || g.n || src.section_id`),
    },
    `${fromBrands} join menu_items src on src.menu_id = t.menu_id`,
    log,
  );
}

/** `branches` active branches of the `brands` seeded by seedBrands, each a copy of a demo branch. */
export async function seedBranches(c, { branches, brands, placeJoin, overrides, log }) {
  await c.query(
    `create temp table tpl_site as select s.id, (row_number() over (order by s.id)) - 1 as k from sites s where s.status = 'active'`,
  );
  const ns = await count(c, 'select count(*)::int as n from tpl_site');
  await copyInto(
    c,
    'sites',
    {
      id: siteOf('g.n'),
      brand_id: brandOf(`((g.n % ${brands}) + 1)`),
      name: `src.name || ' ' || g.n`,
      slug: `'bench-' || g.n || '-' || src.slug`,
      status: `'active'`,
      rating_avg: `case when g.n % 4 = 0 then null else round((3 + (g.n % 21) / 10.0)::numeric, 2) end`,
      review_count: `case when g.n % 4 = 0 then 0 else 1 + g.n % 200 end`,
      // No certificates are copied: the summary of them on the row says so (self-declared).
      halal_approved_until: 'null',
      halal_certified: 'false',
      halal_last_verified_at: 'null',
      created_at: 'now()',
      updated_at: 'now()',
      ...overrides,
    },
    `from generate_series(1, ${branches}) g(n) join tpl_site t on t.k = g.n % ${ns} join sites src on src.id = t.id ${placeJoin}`,
    log,
  );
}

/** `count` accounts made like the demo account `from` (its password hash, profile and accepted terms). */
export async function cloneAccounts(c, { from, count: n, prefix, log }) {
  const email = `'${prefix}' || g.j || '@bench.halalnosh.test'`;
  const userId = `'${prefix}-' || g.j`;
  const name = `'Bench ${prefix} ' || g.j`;
  const series = `from generate_series(1, ${n}) g(j) cross join`;
  await copyInto(
    c,
    'user',
    { id: userId, email, name, created_at: 'now()', updated_at: 'now()' },
    `${series} "user" src where src.email = '${from}'`,
    log,
  );
  await copyInto(
    c,
    'account',
    {
      id: `'${prefix}-account-' || g.j`,
      account_id: userId,
      user_id: userId,
      created_at: 'now()',
      updated_at: 'now()',
    },
    `${series} account src join "user" u on u.id = src.user_id and u.email = '${from}' where src.provider_id = 'credential'`,
    log,
  );
  await copyInto(
    c,
    'user_profiles',
    {
      id: uuidOf(`'${prefix}-profile-' || g.j`),
      user_id: userId,
      email,
      display_name: name,
      first_name: `'Bench'`,
      last_name: `'${prefix} ' || g.j`,
      created_at: 'now()',
      updated_at: 'now()',
    },
    `${series} user_profiles src where src.email = '${from}'`,
    log,
  );
  return Array.from({ length: n }, (_, i) => `${prefix}${i + 1}@bench.halalnosh.test`);
}

/** A PGlite instance as a node-postgres-like client for the functions above. */
export function pgliteClient(pglite) {
  return {
    async query(text) {
      const r = await pglite.query(text);
      return { rows: r.rows, rowCount: r.affectedRows ?? 0 };
    },
  };
}
