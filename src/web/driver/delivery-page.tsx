import { useParams } from 'react-router';
import { PageIntro } from '../ui/page-intro';

/** /driver/delivery/{jobId} (approved drivers). */
export function DeliveryPage() {
  const { jobId = '' } = useParams();
  return (
    <PageIntro
      title="Delivery in Progress"
      documentTitle={`Delivery ${jobId}`}
      note="The job's pickup and delivery steps, navigation, the customer's delivery code check and the proof photo will be handled here."
    />
  );
}
