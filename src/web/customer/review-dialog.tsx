import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from '../lib/toast';
import type { ReviewItem } from '../../domain/contracts/reviews/review';
import type { SaveReviewBody } from '../../domain/contracts/reviews/save-review';
import { MAX_REVIEW_COMMENT_LENGTH, RATING_REQUIRED_MESSAGE } from '../../domain/ratings';
import { isNotFound } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { TextareaField } from '../ui/textarea';
import { useFormErrors } from '../ui/use-form-errors';
import { toastReviewsUnavailable } from './reviews-unavailable';
import { StarRadioGroup } from './stars';

/** Writes or edits the signed-in customer's one review of a branch (PUT …/reviews/mine). */
export function ReviewDialog({
  open,
  onClose,
  siteId,
  slug,
  restaurantName,
  existing,
}: {
  open: boolean;
  onClose: () => void;
  siteId: string;
  slug: string;
  restaurantName: string;
  existing: ReviewItem | null;
}) {
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [comment, setComment] = useState(existing?.comment ?? '');
  // The "Error submitting review" toast spells a failure; a refused comment also shows under it.
  const { formRef, errors, fail } = useFormErrors(['comment']);

  const save = useMutation({
    mutationFn: (body: SaveReviewBody) =>
      call(endpoints.reviews.putRestaurantsBySiteIdReviewsMine, { params: { siteId }, body }),
    onSuccess: () => {
      toast.success('Review submitted!', { description: 'Thank you for your feedback.' });
      void queryClient.invalidateQueries({ queryKey: ['reviews', siteId] });
      void queryClient.invalidateQueries({ queryKey: ['restaurant', slug] });
      onClose();
    },
    onError: (error) => {
      // The branch went off the platform while the page was open: it takes no reviews now.
      if (isNotFound(error)) {
        toastReviewsUnavailable();
        onClose();
        return;
      }
      fail(error);
      toast.error('Error submitting review', { description: error.message });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rating < 1 || rating > 5) {
      toast.error('Please select a rating', { description: RATING_REQUIRED_MESSAGE });
      return;
    }
    save.mutate({ rating, comment: comment.trim() || null });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={existing ? 'Edit your review' : 'Write a review'}
      description={restaurantName}
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-5">
        <StarRadioGroup legend="Your rating" value={rating} onChange={setRating} />
        <TextareaField
          label="Your review"
          optional
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          error={errors.comment}
          maxLength={MAX_REVIEW_COMMENT_LENGTH}
          placeholder="What did you order? How was it?"
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner className="size-4 text-primary-foreground" /> : null}
            Submit Review
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
