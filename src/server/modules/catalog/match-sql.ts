import { type SQL, sql } from 'drizzle-orm';
import { type DietaryChoice, hasDietaryChoice } from '../../../domain/dietary';
import { brands, menuItems, menus, siteItemOverrides, sites } from '../../db/schema/index';

/**
 * Whether the branch (the outer query's `sites` row) sells at least one available dish (the
 * brand's menu item, on sale, not switched off at this branch) whose name contains `name` and that
 * matches the dietary choice (domain/dietary.ts matchesDietary: vegan counts as vegetarian; no
 * excluded allergen declared). Served by menus' unique brand_id and menu_items_menu_idx.
 */
function dishExists(name: string | null, choice: DietaryChoice): SQL {
  const conditions: SQL[] = [
    sql`${menus.brandId} = ${sites.brandId}`,
    sql`${menuItems.isAvailable}`,
    sql`coalesce(${siteItemOverrides.isAvailable}, true)`,
  ];
  if (name) conditions.push(sql`strpos(lower(${menuItems.name}), lower(${name})) > 0`);
  for (const d of choice.diet) {
    if (d === 'vegetarian') conditions.push(sql`(${menuItems.isVegetarian} or ${menuItems.isVegan})`);
    if (d === 'vegan') conditions.push(sql`${menuItems.isVegan}`);
    if (d === 'spicy') conditions.push(sql`${menuItems.isSpicy}`);
  }
  if (choice.without.length) {
    const list = sql.join(
      choice.without.map((a) => sql`${a}`),
      sql`, `,
    );
    conditions.push(sql`not (${menuItems.allergens} ?| array[${list}]::text[])`);
  }
  return sql`exists (select 1 from ${menuItems}
    join ${menus} on ${menus.id} = ${menuItems.menuId}
    left join ${siteItemOverrides} on ${siteItemOverrides.siteId} = ${sites.id} and ${siteItemOverrides.itemId} = ${menuItems.id}
    where ${sql.join(conditions, sql` and `)})`;
}

/**
 * The text search and the dietary filters as one condition on a branch
 * (docs/product/customer.md#search-by-name): its brand or branch name contains the text (ignoring
 * case) and it has a dish matching the dietary choice, or it has a dish whose name contains the
 * text and that matches the choice. Undefined when neither is asked.
 */
export function matchSql(text: string | undefined, choice: DietaryChoice): SQL | undefined {
  const q = text?.trim() || null;
  const dietary = hasDietaryChoice(choice);
  if (!q && !dietary) return undefined;
  if (!q) return dishExists(null, choice);
  const brandName = sql`(select ${brands.name} from ${brands} where ${brands.id} = ${sites.brandId})`;
  const named = sql`(strpos(lower(${brandName}), lower(${q})) > 0 or strpos(lower(${sites.name}), lower(${q})) > 0)`;
  return sql`((${named}${dietary ? sql` and ${dishExists(null, choice)}` : sql``}) or ${dishExists(q, choice)})`;
}
