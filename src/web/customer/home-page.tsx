import { MapPin, Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { SelectField } from '../ui/select-field';
import { CUISINE_OPTIONS } from './cuisines';

/** Home (/): the search card. The results section arrives with restaurant search. */
export function HomePage() {
  useDocumentTitle('Find Halal Food Delivery in the UK | HalalNosh');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [location, setLocation] = useState(params.get('location') ?? '');
  const [cuisine, setCuisine] = useState(params.get('cuisine') ?? 'all');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (location.trim()) next.set('location', location.trim());
    // Spec 1, section 5: the cuisine is left out when it is "all".
    if (cuisine && cuisine !== 'all') next.set('cuisine', cuisine);
    const query = next.toString();
    navigate(query ? `/?${query}` : '/');
  };

  return (
    <div className="grid gap-10">
      <section aria-labelledby="home-title" className="grid gap-6 text-center">
        <div className="grid gap-3">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Halal food delivery across the UK</p>
          <h1 id="home-title" className="text-3xl font-bold tracking-tight sm:text-5xl">Halal food you can trust, delivered</h1>
          <p className="mx-auto max-w-2xl text-muted-foreground sm:text-lg">
            Search verified halal restaurants near you and order for delivery or pickup.
          </p>
        </div>

        <Card className="mx-auto w-full max-w-3xl text-left">
          <CardHeader>
            <CardTitle className="text-xl">
              Find Halal food Now
            </CardTitle>
          </CardHeader>
          <CardContent>
            <form role="search" onSubmit={onSubmit} className="grid gap-4 md:grid-cols-[1fr_14rem_auto] md:items-end">
              <div className="grid gap-2">
                <Label htmlFor="home-location">Location</Label>
                <div className="relative">
                  <MapPin aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
                  <Input
                    id="home-location"
                    name="location"
                    value={location}
                    onChange={(e) => setLocation(e.target.value)}
                    placeholder="Enter your location (e.g., London)"
                    autoComplete="address-level2"
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
              <Button type="submit" size="lg" className="h-10">
                <Search aria-hidden="true" />
                Find Halal Restaurants
              </Button>
            </form>
          </CardContent>
        </Card>
      </section>
    </div>
  );
}
