import { useQuery } from '@tanstack/react-query';
import BadgeCheck from 'lucide-react/icons/badge-check';
import MessageSquare from 'lucide-react/icons/message-square';
import PenLine from 'lucide-react/icons/pen-line';
import { useState } from 'react';
import { useLocation, useNavigate } from '../lib/router';
import { toast } from '../lib/toast';
import type { ReviewItem } from '../../domain/contracts/reviews/review';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { formatDate } from '../lib/format';
import { useMe } from '../lib/me';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { ReviewDialog } from './review-dialog';
import { REVIEWS_UNAVAILABLE, toastReviewsUnavailable } from './reviews-unavailable';
import { Stars } from './stars';

function Avatar({ review }: { review: ReviewItem }) {
  if (review.avatarUrl) {
    return <img src={review.avatarUrl} alt="" className="size-10 shrink-0 rounded-full object-cover" />;
  }
  return (
    <span
      aria-hidden="true"
      className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-soft font-semibold text-primary"
    >
      {review.reviewerName.trim().charAt(0).toUpperCase() || 'A'}
    </span>
  );
}

function ReviewRow({ review }: { review: ReviewItem }) {
  return (
    <li className="flex gap-3 border-b border-border py-4 last:border-b-0">
      <Avatar review={review} />
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold">{review.reviewerName}</span>
          {review.isVerified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary">
              <BadgeCheck aria-hidden="true" className="size-3.5" />
              Verified
            </span>
          ) : null}
          {review.mine ? <span className="text-xs text-muted-foreground">(your review)</span> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Stars rating={review.rating} />
          <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
        </div>
        {review.comment ? <p className="whitespace-pre-line break-words text-sm">{review.comment}</p> : null}
      </div>
    </li>
  );
}

/**
 * The reviews block of a restaurant page: average, count, the list and the customer's own review.
 * `available` is false on our saved copy of the branch (server unreachable): nothing is fetched and
 * writing a review says "Reviews not available".
 */
export function ReviewsBlock({
  siteId,
  slug,
  restaurantName,
  available,
}: {
  siteId: string;
  slug: string;
  restaurantName: string;
  available: boolean;
}) {
  const me = useMe();
  const user = me.data?.user ?? null;
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // A fresh form for every opening (the latest saved review prefilled).
  const [session, setSession] = useState(0);

  const reviews = useQuery({
    queryKey: ['reviews', siteId, 'list'],
    queryFn: ({ signal }) => call(endpoints.reviews.getRestaurantsBySiteIdReviews, { params: { siteId }, signal }),
    enabled: available,
  });
  const mine = useQuery({
    queryKey: ['reviews', siteId, 'mine', user?.id ?? null],
    queryFn: ({ signal }) => call(endpoints.reviews.getRestaurantsBySiteIdReviewsMine, { params: { siteId }, signal }),
    enabled: available && user?.userType === 'customer',
  });
  const myReview = mine.data?.review ?? reviews.data?.reviews.find((r) => r.mine) ?? null;

  const onWrite = () => {
    // Checked before signing in: with the server out of reach, signing in would not help either.
    if (!available) {
      toastReviewsUnavailable();
      return;
    }
    if (!user) {
      toast.error('Please sign in', {
        description: 'You need to sign in to leave a review.',
        action: {
          label: 'Sign In',
          onClick: () => navigate(`/auth?redirect=${encodeURIComponent(location.pathname)}`),
        },
      });
      return;
    }
    setSession((n) => n + 1);
    setOpen(true);
  };

  const data = reviews.data;
  return (
    <section aria-labelledby="reviews-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h2 id="reviews-title" className="text-2xl font-bold tracking-tight">
            Reviews
          </h2>
          {data && data.count > 0 && data.average !== null ? (
            <p className="flex flex-wrap items-center gap-2">
              <span className="sr-only">
                Average rating {data.average.toFixed(1)} out of 5 from {data.count}{' '}
                {data.count === 1 ? 'review' : 'reviews'}
              </span>
              <span className="text-3xl font-bold" aria-hidden="true">
                {data.average.toFixed(1)}
              </span>
              <span aria-hidden="true">
                <Stars rating={data.average} />
              </span>
              <span className="text-sm text-muted-foreground" aria-hidden="true">
                {data.count} {data.count === 1 ? 'review' : 'reviews'}
              </span>
            </p>
          ) : null}
        </div>
        <Button variant={myReview ? 'outline' : 'default'} onClick={onWrite} disabled={me.isPending}>
          <PenLine aria-hidden="true" />
          {myReview ? 'Edit Review' : 'Write Review'}
        </Button>
      </div>

      {!available ? (
        <div className="flex items-center gap-3 rounded-lg border border-dashed border-border bg-card p-6 text-sm text-muted-foreground">
          <MessageSquare aria-hidden="true" className="size-5 shrink-0" />
          {REVIEWS_UNAVAILABLE}
        </div>
      ) : reviews.isPending ? (
        <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" />
          Loading reviews...
        </div>
      ) : reviews.isError ? (
        <Alert variant="warning">We could not load the reviews right now.</Alert>
      ) : data && data.reviews.length ? (
        <ul className="rounded-lg border border-border bg-card px-4 shadow-sm sm:px-6" aria-label="Reviews">
          {data.reviews.map((r) => (
            <ReviewRow key={r.id} review={r} />
          ))}
        </ul>
      ) : (
        <div className="flex items-center gap-3 rounded-lg border border-dashed border-border bg-card p-6 text-sm text-muted-foreground">
          <MessageSquare aria-hidden="true" className="size-5 shrink-0" />
          No reviews yet. Be the first to review {restaurantName}.
        </div>
      )}

      {session > 0 ? (
        <ReviewDialog
          key={session}
          open={open}
          onClose={() => setOpen(false)}
          siteId={siteId}
          slug={slug}
          restaurantName={restaurantName}
          existing={myReview}
        />
      ) : null}
    </section>
  );
}
