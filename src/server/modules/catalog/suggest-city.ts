import type { SuggestCityBody } from '../../../domain/contracts/catalog/suggest-city';
import type { Db } from '../../db/client';
import { citySuggestions } from '../../db/schema/index';

/** Stores a "Suggest a City" entry for the admins' list, tied to the account when signed in. */
export async function suggestCity(db: Db, body: SuggestCityBody, userId: string | null): Promise<void> {
  await db.insert(citySuggestions).values({ city: body.city, email: body.email ?? null, userId });
}
