import { PageIntro } from '../ui/page-intro';

/** /partner/create-brand. */
export function CreateBrandPage() {
  return <PageIntro title="Create Brand" note="Create your restaurant brand here: its name, description, website, contact details and logo." />;
}
