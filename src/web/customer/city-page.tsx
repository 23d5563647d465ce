import { Link, useParams } from 'react-router';
import { buttonClasses } from '../ui/button';
import { PageIntro } from '../ui/page-intro';

function cityName(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

/** /restaurants/{citySlug}: a UK city's page (city facts and restaurants arrive with the city directory). */
export function CityPage() {
  const { citySlug = '' } = useParams();
  const name = cityName(citySlug);
  return (
    <PageIntro
      title={`Halal food in ${name}`}
      note={`This page will show ${name}'s region, postcodes, landmarks and its first eight halal restaurants.`}
    >
      <div className="mt-2 flex flex-wrap gap-2">
        <Link to="/" className={buttonClasses({ variant: 'outline' })}>
          Back to Home
        </Link>
        <Link to="/restaurants/london" className={buttonClasses({ variant: 'outline' })}>
          London restaurants
        </Link>
      </div>
    </PageIntro>
  );
}
