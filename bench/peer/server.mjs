// A stand-in for the peer marketplace backend that HalalNosh's uncached answers are measured against
// (bench/peer/README.md, docs/decisions/0293-peer-stand-in.md): Express, GraphQL (graphql-js served by
// graphql-http) and SQLite (better-sqlite3), answering the two reads the comparison uses — a city's
// list of restaurant cards and one restaurant with its menu — from the same rows HalalNosh answers.
//
//   node bench/peer/server.mjs <seed.json> <port>
//
// seed.json: { cards: [restaurant card…], page: restaurant page } as HalalNosh's own API answers them
// (bench/perf/peer.mjs writes it). The cards are the peer's kind of card: stored values, nothing
// judged per request (the peer's cards are mostly constants).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import express from 'express';
import { buildSchema, parse, validate } from 'graphql';
import { createHandler } from 'graphql-http/lib/use/express';

const [seedFile, port] = process.argv.slice(2);
const seed = JSON.parse(readFileSync(seedFile, 'utf8'));

/** Each card column: its name, its SQLite type and its GraphQL type. */
const CARD_COLUMNS = [
  ['id', 'text primary key', 'ID!'],
  ['slug', 'text not null unique', 'String!'],
  ['brandId', 'text not null', 'ID!'],
  ['brandName', 'text not null', 'String!'],
  ['branchName', 'text not null', 'String!'],
  ['city', 'text not null', 'String!'],
  ['cuisines', 'text not null', '[String!]!'],
  ['rating', 'real', 'Float'],
  ['reviewCount', 'integer not null', 'Int!'],
  ['etaMinMinutes', 'integer not null', 'Int!'],
  ['etaMaxMinutes', 'integer not null', 'Int!'],
  ['deliveryFeeMinor', 'integer not null', 'Int!'],
  ['minOrderMinor', 'integer not null', 'Int!'],
  ['halalStatus', 'text not null', 'String!'],
  ['lastVerifiedAt', 'text', 'String'],
  ['imageUrl', 'text', 'String'],
  ['logoUrl', 'text', 'String'],
  ['isOpen', 'integer not null', 'Boolean!'],
  ['description', 'text', 'String'],
  ['address', 'text not null', 'String!'],
  ['postcode', 'text', 'String'],
  ['phone', 'text', 'String'],
  ['lat', 'real', 'Float'],
  ['lng', 'real', 'Float'],
  ['deliveryRadiusKm', 'real not null', 'Float!'],
];
const ITEM_COLUMNS = [
  ['id', 'text primary key'],
  ['restaurantId', 'text not null'],
  ['sectionId', 'text not null'],
  ['sectionTitle', 'text not null'],
  ['sectionOrder', 'integer not null'],
  ['name', 'text not null'],
  ['description', 'text'],
  ['priceMinor', 'integer not null'],
  ['imageUrl', 'text'],
  ['category', 'text'],
  ['isVegetarian', 'integer not null'],
  ['isVegan', 'integer not null'],
  ['isSpicy', 'integer not null'],
  ['allergens', 'text not null'],
  ['sortOrder', 'integer not null'],
];

// A database file of its own, as the peer keeps one (not an in-memory database).
const dir = mkdtempSync(path.join(tmpdir(), 'halalnosh-peer-'));
const db = new Database(path.join(dir, 'peer.sqlite'));
db.pragma('journal_mode = WAL');
const table = (name, columns) =>
  db.exec(`create table ${name} (${columns.map(([c, type]) => `"${c}" ${type}`).join(', ')})`);
table('restaurants', CARD_COLUMNS);
table('menu_items', ITEM_COLUMNS);
db.exec('create index restaurants_city on restaurants (city, rating desc)');
db.exec('create index menu_items_restaurant on menu_items ("restaurantId", "sectionOrder", "sortOrder")');

const insert = (name, columns) => db.prepare(`insert into ${name} values (${columns.map(() => '?').join(', ')})`);
const cardRow = (card) =>
  CARD_COLUMNS.map(([c]) => {
    const v = card[c];
    if (c === 'cuisines') return JSON.stringify(v);
    if (typeof v === 'boolean') return v ? 1 : 0;
    return v ?? null;
  });
db.transaction(() => {
  const addCard = insert('restaurants', CARD_COLUMNS);
  for (const card of seed.cards) addCard.run(cardRow(card));
  const r = seed.page.restaurant;
  if (!seed.cards.some((c) => c.id === r.id)) addCard.run(cardRow(r));
  const addItem = insert('menu_items', ITEM_COLUMNS);
  r.menu.sections.forEach((section, n) => {
    for (const item of section.items) {
      addItem.run(
        ITEM_COLUMNS.map(([c]) => {
          if (c === 'restaurantId') return r.id;
          if (c === 'sectionId') return section.id;
          if (c === 'sectionTitle') return section.title;
          if (c === 'sectionOrder') return n;
          if (c === 'allergens') return JSON.stringify(item.allergens);
          const v = item[c];
          return typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? null);
        }),
      );
    }
  });
})();

const schema = buildSchema(`
  type MenuItem {
    id: ID!
    name: String!
    description: String
    priceMinor: Int!
    imageUrl: String
    category: String
    isVegetarian: Boolean!
    isVegan: Boolean!
    isSpicy: Boolean!
    allergens: [String!]!
    sortOrder: Int!
  }
  type MenuSection {
    id: ID!
    title: String!
    items: [MenuItem!]!
  }
  type Restaurant {
    ${CARD_COLUMNS.map(([c, , type]) => `${c}: ${type}`).join('\n    ')}
    menu: [MenuSection!]!
  }
  type Query {
    restaurants(city: String!, first: Int = 24): [Restaurant!]!
    restaurant(slug: String!): Restaurant
  }
`);

const byCity = db.prepare('select * from restaurants where city = ? order by rating desc limit ?');
const bySlug = db.prepare('select * from restaurants where slug = ?');
const menuOf = db.prepare('select * from menu_items where "restaurantId" = ? order by "sectionOrder", "sortOrder"');

/** A restaurant row as the schema's Restaurant: JSON columns parsed, its menu read when asked for. */
const restaurantOf = (row) =>
  row && {
    ...row,
    cuisines: JSON.parse(row.cuisines),
    menu: () => {
      const sections = [];
      for (const item of menuOf.all(row.id)) {
        let section = sections.at(-1);
        if (section?.id !== item.sectionId)
          sections.push((section = { id: item.sectionId, title: item.sectionTitle, items: [] }));
        section.items.push({ ...item, allergens: JSON.parse(item.allergens) });
      }
      return sections;
    },
  };

const rootValue = {
  restaurants: ({ city, first }) => byCity.all(city, first).map(restaurantOf),
  restaurant: ({ slug }) => restaurantOf(bySlug.get(slug)),
};

// A query's text is parsed and validated once, as Apollo Server's document store does by default: the peer is
// given every saving a common GraphQL server has, so the comparison does not flatter HalalNosh.
const parsed = new Map();
const validated = new WeakMap();
const app = express();
app.all(
  '/graphql',
  createHandler({
    schema,
    rootValue,
    parse: (text, options) => {
      const key = typeof text === 'string' ? text : text.body;
      let document = parsed.get(key);
      if (!document) parsed.set(key, (document = parse(text, options)));
      return document;
    },
    validate: (onSchema, document, rules) => {
      let errors = validated.get(document);
      if (!errors) validated.set(document, (errors = validate(onSchema, document, rules)));
      return errors;
    },
  }),
);
const server = app.listen(Number(port), '127.0.0.1', () => console.log(`peer listening on ${port}`));
const stop = () =>
  server.close(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
