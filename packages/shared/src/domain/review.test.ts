import { describe, expect, it } from 'vitest';
import { commentsSavedInReview, type ReviewCommentLike } from './review';

const c = (id: string, kind: 'company' | 'staff', returned = false, answersId: string | null = null) => ({
  id,
  author: { kind },
  returned,
  answersId,
});

describe('comments saved during the review', () => {
  it('are the staff’s own comments after the last return, oldest first', () => {
    const comments: (ReviewCommentLike & { id: string })[] = [
      c('before-first-return', 'staff'),
      c('return-reasons', 'staff', true),
      c('return-file-comment', 'staff', true),
      c('resubmit-note', 'company'),
      c('saved-1', 'staff'),
      c('answer', 'company', false, 'saved-1'),
      c('saved-2', 'staff'),
    ];
    expect(commentsSavedInReview(comments).map((x) => x.id)).toEqual(['saved-1', 'saved-2']);
  });

  it('are every staff comment when it was never returned, and none right after a return', () => {
    expect(commentsSavedInReview([c('a', 'staff'), c('b', 'company'), c('d', 'staff')]).map((x) => x.id)).toEqual(['a', 'd']);
    expect(commentsSavedInReview([c('a', 'staff'), c('r', 'staff', true)])).toEqual([]);
  });
});
