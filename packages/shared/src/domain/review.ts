/** What the review rule needs of a comment (SubmissionComment has it). */
export interface ReviewCommentLike {
  returned: boolean;
  author: { kind: 'company' | 'staff' };
  answersId: string | null;
}

/**
 * The comments staff saved during the current review (decision 191): their own comments (not answers, not
 * the company's notes) written after the last return. The Return dialog lists them pre-filled, and the
 * return's mail and notification repeat the ones the reviewer keeps. Oldest first, as given.
 */
export function commentsSavedInReview<T extends ReviewCommentLike>(comments: readonly T[]): T[] {
  const lastReturn = comments.findLastIndex((c) => c.returned);
  return comments.slice(lastReturn + 1).filter((c) => c.author.kind === 'staff' && !c.returned && c.answersId === null);
}
