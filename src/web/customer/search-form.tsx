import MapPin from 'lucide-react/icons/map-pin';
import Search from 'lucide-react/icons/search';
import { type FormEvent, useState } from 'react';
import { useNavigate } from '../lib/router';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { SelectField } from '../ui/select-field';
import { CUISINE_OPTIONS } from './cuisines';
import { type SearchState, searchQueryString } from './search-params';

export const LOCATION_INPUT_ID = 'home-location';

/**
 * The hero search: a city or UK postcode and a cuisine. Submitting (or Enter in the location field)
 * puts the search in the URL, keeping the chosen filter chips. Mount it with a key of the URL so
 * Back shows the earlier search in the fields too. Submitted before the page has hydrated, it is a
 * plain GET of `/` with the same fields, which the server answers with the results page.
 */
export function SearchForm({ initial, onSearched }: { initial: SearchState; onSearched?: () => void }) {
  const navigate = useNavigate();
  const [location, setLocation] = useState(initial.location);
  const [cuisine, setCuisine] = useState(initial.cuisine);
  const [name, setName] = useState(initial.q ?? '');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What the fields show: the same as the state, except for what was typed before the page
    // hydrated and submitted while it did (docs/decisions/0237-early-input-kept.md).
    const shown = new FormData(event.currentTarget);
    const field = (key: string, fallback: string) => {
      const value = shown.get(key);
      return typeof value === 'string' ? value : fallback;
    };
    const query = searchQueryString({
      ...initial,
      location: field('location', location),
      cuisine: field('cuisine', cuisine),
      q: field('q', name),
    });
    navigate(query ? `/?${query}` : '/', { preventScrollReset: true });
    onSearched?.();
  };

  // The chips and sort of the search shown, for the browser's own submit before hydration.
  const kept = [...new URLSearchParams(searchQueryString({ ...initial, location: '', cuisine: 'all', q: '' }))];

  return (
    <form
      role="search"
      aria-label="Find halal restaurants"
      // Before the scripts run, the browser submits it itself: the server renders the same results.
      method="get"
      action="/"
      onSubmit={onSubmit}
      className="grid gap-4 sm:grid-cols-2 sm:items-end 2xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_12rem_auto]"
    >
      {kept.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <div className="grid min-w-0 gap-2 sm:col-span-2 2xl:col-span-1">
        <Label htmlFor={LOCATION_INPUT_ID}>Location</Label>
        <div className="relative">
          <MapPin
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={LOCATION_INPUT_ID}
            name="location"
            value={location}
            onChange={(e) => setLocation(e.target.value)}
            placeholder="Enter your location (e.g., London)"
            autoComplete="address-level2"
            aria-describedby={`${LOCATION_INPUT_ID}-hint`}
            className="pl-9"
          />
        </div>
        <p id={`${LOCATION_INPUT_ID}-hint`} className="sr-only">
          A UK city or postcode.
        </p>
      </div>
      <div className="grid min-w-0 gap-2 sm:col-span-2 2xl:col-span-1">
        <Label htmlFor={`${LOCATION_INPUT_ID}-name`}>Restaurant or dish</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={`${LOCATION_INPUT_ID}-name`}
            name="q"
            type="search"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. biryani"
            maxLength={100}
            autoComplete="off"
            className="pl-9"
          />
        </div>
      </div>
      <SelectField
        label="Cuisine"
        name="cuisine"
        value={cuisine}
        onChange={(e) => setCuisine(e.target.value)}
        options={CUISINE_OPTIONS}
      />
      <Button type="submit" size="lg" className="h-11">
        <Search aria-hidden="true" />
        Find Halal Restaurants
      </Button>
    </form>
  );
}
