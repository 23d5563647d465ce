import { Link } from 'react-router';
import { buttonClasses } from '../ui/button';
import { PageIntro } from '../ui/page-intro';

/** /restaurants/london: every halal restaurant in London (the grid arrives with restaurant search). */
export function LondonPage() {
  return (
    <PageIntro
      title="Halal restaurants in London"
      documentTitle="Halal Restaurants in London"
      note="Every verified halal restaurant delivering in London will be listed here, with filters for fast delivery, free delivery, top rated and open now."
    >
      <Link to="/" className={buttonClasses({ variant: 'outline', className: 'mt-2 justify-self-start' })}>
        Search More Locations
      </Link>
    </PageIntro>
  );
}
