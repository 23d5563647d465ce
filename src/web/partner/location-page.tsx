import { useParams } from 'react-router';
import { PageIntro } from '../ui/page-intro';

/** /partner/location/{siteId}. */
export function EditLocationPage() {
  const { siteId = '' } = useParams();
  return (
    <PageIntro
      title="Edit Location"
      documentTitle={`Edit Location ${siteId}`}
      note="This location's details, opening hours, staff and quick links to its menu and orders will be edited here."
    />
  );
}
