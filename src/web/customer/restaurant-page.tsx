import { Link, useParams } from 'react-router';
import { buttonClasses } from '../ui/button';
import { PageIntro } from '../ui/page-intro';

/** /restaurant/{slug}: a branch with its menu and reviews (arrives with the restaurant issue). */
export function RestaurantPage() {
  const { slug = '' } = useParams();
  return (
    <PageIntro
      title="Restaurant"
      documentTitle={`Restaurant ${slug}`}
      note="This page will show the restaurant's halal status, opening details, menu by section and reviews."
    >
      <Link to="/" className={buttonClasses({ variant: 'outline', className: 'mt-2 justify-self-start' })}>
        Back to Home
      </Link>
    </PageIntro>
  );
}
