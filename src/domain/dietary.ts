import { type Allergen, UK_ALLERGENS, isAllergen } from './menu';

/**
 * The dietary filters of the search and the restaurant page (docs/product/customer.md#dietary-filters):
 * dishes marked vegetarian, vegan or spicy by the partner, and dishes declaring none of the
 * chosen allergens. A restaurant matches when at least one of its available dishes matches every
 * choice; its menu then shows the matching dishes.
 */
export const DIETS = ['vegetarian', 'vegan', 'spicy'] as const;
export type Diet = (typeof DIETS)[number];

export const DIET_LABELS: Record<Diet, string> = { vegetarian: 'Vegetarian', vegan: 'Vegan', spicy: 'Spicy' };

/** What the dietary filters look at on a dish. */
export type DietaryDish = { isVegetarian: boolean; isVegan: boolean; isSpicy: boolean; allergens: readonly string[] };

/** The chosen dietary filters: diets the dish must have, allergens it must not declare. */
export type DietaryChoice = { diet: readonly Diet[]; without: readonly Allergen[] };

export const NO_DIETARY_CHOICE: DietaryChoice = { diet: [], without: [] };

/** Reads a comma list into distinct known names (case and spaces ignored); unknown ones apart. */
function parseList<T extends string>(
  known: readonly T[],
  text: string | null | undefined,
): { values: T[]; unknown: string[] } {
  const values: T[] = [];
  const unknown: string[] = [];
  for (const raw of (text ?? '').split(',')) {
    const name = raw.trim().toLowerCase();
    if (!name) continue;
    if ((known as readonly string[]).includes(name)) {
      if (!values.includes(name as T)) values.push(name as T);
    } else if (!unknown.includes(name)) {
      unknown.push(name);
    }
  }
  return { values, unknown };
}

/** "vegan, spicy" as diets, in the order of DIETS; unknown names returned apart. */
export function parseDiets(text: string | null | undefined): { values: Diet[]; unknown: string[] } {
  const { values, unknown } = parseList(DIETS, text);
  return { values: DIETS.filter((d) => values.includes(d)), unknown };
}

/** "peanuts, milk" as allergens, in the order of UK_ALLERGENS; unknown names returned apart. */
export function parseAllergens(text: string | null | undefined): { values: Allergen[]; unknown: string[] } {
  const { values, unknown } = parseList(UK_ALLERGENS, text);
  return { values: UK_ALLERGENS.filter((a) => values.includes(a)), unknown };
}

/** Whether a dish has every chosen diet and declares none of the excluded allergens. */
export function matchesDietary(dish: DietaryDish, choice: DietaryChoice): boolean {
  for (const d of choice.diet) {
    if (d === 'vegetarian' && !(dish.isVegetarian || dish.isVegan)) return false;
    if (d === 'vegan' && !dish.isVegan) return false;
    if (d === 'spicy' && !dish.isSpicy) return false;
  }
  return !dish.allergens.some((a) => isAllergen(a) && choice.without.includes(a));
}

/** Whether any dietary filter is chosen. */
export function hasDietaryChoice(choice: DietaryChoice): boolean {
  return choice.diet.length > 0 || choice.without.length > 0;
}

/** "Vegetarian, without Peanuts and Milk": what the filtered results and menu say they show. */
export function describeDietaryChoice(choice: DietaryChoice, allergenLabel: (a: Allergen) => string): string {
  const parts: string[] = choice.diet.map((d) => DIET_LABELS[d]);
  if (choice.without.length) {
    const names = choice.without.map(allergenLabel);
    const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0];
    parts.push(`without ${list}`);
  }
  return parts.join(', ');
}
