import Lightbulb from 'lucide-react/icons/lightbulb';
import MapPinned from 'lucide-react/icons/map-pinned';
import { useState } from 'react';
import { useSearchParams } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';
import { useMetaDescription } from '../lib/use-meta-description';
import { Button } from '../ui/button';
import { Card, CardTitle } from '../ui/card';
import { CityDirectory } from './city-directory';
import { LOCATION_INPUT_ID, SearchForm } from './search-form';
import { readSearchState } from './search-params';
import { SearchResults } from './search-results';
import { SuggestCityDialog } from './suggest-city-dialog';

function scrollToResults(): void {
  requestAnimationFrame(() =>
    document.getElementById('results')?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
  );
}

/** Home (/): the hero search, its results (state in the URL), the city directory and city suggestions. */
export function HomePage() {
  useDocumentTitle('Find Halal Food Delivery in the UK | HalalNosh');
  useMetaDescription(
    'Find verified halal restaurants near you and order food for delivery or pickup across the UK with HalalNosh. Search by city or postcode.',
  );
  const [params] = useSearchParams();
  const state = readSearchState(params);
  const [suggesting, setSuggesting] = useState(false);

  const focusSearch = () => {
    const input = document.getElementById(LOCATION_INPUT_ID);
    input?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    input?.focus({ preventScroll: true });
  };

  return (
    <div className="grid grid-cols-1 gap-12">
      <section
        aria-labelledby="home-title"
        className="relative -mx-4 -mt-6 grid gap-6 overflow-hidden bg-gradient-to-br from-primary-soft via-primary-soft/70 to-accent/60 px-4 pb-8 pt-8 text-center sm:mx-0 sm:mt-0 sm:rounded-2xl sm:border sm:border-emerald-100 sm:px-8 sm:pb-10 sm:pt-12"
      >
        <div className="grid gap-3">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            Halal food delivery across the UK
          </p>
          <h1 id="home-title" className="text-3xl font-bold tracking-tight sm:text-5xl">
            Halal food you can trust, delivered
          </h1>
          <p className="mx-auto max-w-2xl text-muted-foreground sm:text-lg">
            Search verified halal restaurants near you and order for delivery or pickup.
          </p>
        </div>

        <Card className="mx-auto w-full max-w-4xl text-left shadow-md">
          <div className="grid gap-4 p-4 sm:p-6">
            <CardTitle className="text-xl">Find Halal food Now</CardTitle>
            <SearchForm key={`${state.location}\n${state.cuisine}`} initial={state} onSearched={scrollToResults} />
          </div>
        </Card>
      </section>

      <SearchResults state={state} />

      <CityDirectory />

      <section
        aria-labelledby="suggest-title"
        className="grid gap-4 rounded-lg border border-border bg-card p-6 text-center shadow-sm sm:p-10"
      >
        <h2 id="suggest-title" className="text-2xl font-bold tracking-tight">
          Don't see your city listed?
        </h2>
        <p className="mx-auto max-w-xl text-muted-foreground">
          Search by your postcode to find restaurants that deliver to you, or tell us where we should go next.
        </p>
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" onClick={focusSearch}>
            <MapPinned aria-hidden="true" />
            Search Your Location
          </Button>
          <Button size="lg" variant="outline" onClick={() => setSuggesting(true)}>
            <Lightbulb aria-hidden="true" />
            Suggest a City
          </Button>
        </div>
      </section>
      <SuggestCityDialog open={suggesting} onClose={() => setSuggesting(false)} />
    </div>
  );
}
