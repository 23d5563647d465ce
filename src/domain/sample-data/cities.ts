import cities from './cities.json';

/** One entry of the UK city directory (docs/product/customer.md#cities). */
export type CityEntry = {
  name: string;
  slug: string;
  region: string;
  population: number;
  description: string;
  lat: number;
  lng: number;
  /** The main postcode area letters of the city centre. */
  postcodeArea: string;
  landmarks: string[];
};

/**
 * The 20 cities of the directory, London first: the data in cities.json beside this file, checked against
 * `CityEntry` by the compiler.
 * Populations are local-authority usual residents, rounded to the nearest hundred: ONS Census 2021 for
 * England and Wales, and Scotland's Census 2022 (NRS) for Glasgow and Edinburgh, whose census ran a year later.
 */
export const UK_CITIES: CityEntry[] = cities;
