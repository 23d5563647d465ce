import { useParams } from 'react-router';
import { PageIntro } from '../ui/page-intro';

/** /order/{id}: live order tracking (arrives with the ordering issue). */
export function OrderPage() {
  const { id = '' } = useParams();
  return (
    <PageIntro
      title={`Order ${id}`}
      documentTitle={`Order ${id}`}
      note="This page will follow the order live: its progress, the delivery estimate, the driver and the delivery code."
    />
  );
}
