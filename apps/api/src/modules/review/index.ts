/** The public face of the review module: other modules import only what is exported here (decision 197). */
export { reviewStep } from './review.policy';
export { resumedBy } from './review.resume';
export { assertMayReadReviewed, reviewActorKind, reviewActorName, reviewUserName } from './review.actor';
export {
  findReturningReviewer,
  findReviewEvent,
  insertReviewEvents,
  listReviewComments,
  listReviewEvents,
  listReviewEventsOf,
  type ReviewEventCursor,
  type ReviewEventRow,
} from './review.repository';
export type { ReviewEventKind, ReviewEventsTable } from './review.tables';
export { staffReviewTransition, type ReviewEffects, type ReviewStore } from './review.transition';
export { answerInReview, answersIdOf, commentInReview, keptComments, newReviewEvent, type ReviewItem } from './review.comments';
export {
  listReviewQueue,
  registerReviewQueueSource,
  reviewQueueRows,
  type ReviewQueuePlan,
  type ReviewQueueFilter,
  type ReviewQueueRow,
  type ReviewQueueSelect,
  type ReviewQueueSource,
} from './review.queue';
export { presentReviewGroup, presentReviewTimeline, type ReviewTimelineRow } from './review.timeline';
