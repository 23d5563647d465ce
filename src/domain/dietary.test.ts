import { describe, expect, it } from 'vitest';
import { type DietaryDish, describeDietaryChoice, matchesDietary, parseAllergens, parseDiets } from './dietary';
import { ALLERGEN_LABELS } from './menu';

const dish = (over: Partial<DietaryDish> = {}): DietaryDish => ({
  isVegetarian: false,
  isVegan: false,
  isSpicy: false,
  allergens: [],
  ...over,
});

describe('parseDiets and parseAllergens', () => {
  it('read comma lists ignoring case, spaces and repeats, in the canonical order', () => {
    expect(parseDiets(' Vegan, vegetarian,vegan ')).toEqual({ values: ['vegetarian', 'vegan'], unknown: [] });
    expect(parseAllergens('PEANUTS, milk')).toEqual({ values: ['milk', 'peanuts'], unknown: [] });
  });

  it('return the names they do not know apart', () => {
    expect(parseDiets('keto,spicy')).toEqual({ values: ['spicy'], unknown: ['keto'] });
    expect(parseAllergens('nuts,shellfish')).toEqual({ values: ['nuts'], unknown: ['shellfish'] });
  });

  it('read nothing from an empty or missing list', () => {
    expect(parseDiets(undefined)).toEqual({ values: [], unknown: [] });
    expect(parseAllergens(' , ')).toEqual({ values: [], unknown: [] });
  });
});

describe('matchesDietary', () => {
  it('lets every dish through when nothing is chosen', () => {
    expect(matchesDietary(dish({ allergens: ['peanuts'] }), { diet: [], without: [] })).toBe(true);
  });

  it('counts a vegan dish as vegetarian, but not a vegetarian one as vegan', () => {
    expect(matchesDietary(dish({ isVegan: true }), { diet: ['vegetarian'], without: [] })).toBe(true);
    expect(matchesDietary(dish({ isVegetarian: true }), { diet: ['vegan'], without: [] })).toBe(false);
  });

  it('needs every chosen diet on the same dish', () => {
    expect(matchesDietary(dish({ isVegetarian: true }), { diet: ['vegetarian', 'spicy'], without: [] })).toBe(false);
    expect(
      matchesDietary(dish({ isVegetarian: true, isSpicy: true }), { diet: ['vegetarian', 'spicy'], without: [] }),
    ).toBe(true);
  });

  it('refuses a dish declaring an excluded allergen and keeps one declaring others', () => {
    expect(matchesDietary(dish({ allergens: ['peanuts', 'milk'] }), { diet: [], without: ['peanuts'] })).toBe(false);
    expect(matchesDietary(dish({ allergens: ['milk'] }), { diet: [], without: ['peanuts'] })).toBe(true);
  });
});

describe('describeDietaryChoice', () => {
  it('says the diets and the allergens left out in words', () => {
    const label = (a: keyof typeof ALLERGEN_LABELS) => ALLERGEN_LABELS[a];
    expect(describeDietaryChoice({ diet: ['vegetarian'], without: ['milk', 'peanuts'] }, label)).toBe(
      'Vegetarian, without Milk and Peanuts',
    );
    expect(describeDietaryChoice({ diet: [], without: ['peanuts'] }, label)).toBe('without Peanuts');
  });
});
