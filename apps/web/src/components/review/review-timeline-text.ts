import type { ReviewEvent, ReviewKind } from '@bansi/shared';
import type { TFunction } from 'i18next';

/** What differs by kind: the words each screen has always used, and the test id of the list. */
export interface KindText {
  testId: string;
  empty: string;
  more: string;
  title(t: TFunction, e: ReviewEvent): string;
  by(t: TFunction, e: ReviewEvent, at: string): string;
  status(t: TFunction, e: ReviewEvent, status: string): string;
}

const who = (t: TFunction, e: ReviewEvent) => t(`submission.timeline.actor.${e.actor.kind}`);

export const REVIEW_TIMELINE_TEXT: Record<ReviewKind, KindText> = {
  submission: {
    testId: 'submission-timeline',
    empty: 'submission.timeline.empty',
    more: 'submission.common.more',
    // One upload action of several files is one entry (decision 097); a company's answer has its own title.
    title: (t, e) => {
      if (e.action === 'answered') return t('filing.event.answered');
      if (e.files.length > 1)
        return t(e.action === 'file_replaced' ? 'filing.event.filesReplaced' : 'filing.event.filesUploaded', { count: e.files.length });
      return t(`submission.event.${e.action}`, { file: e.fileName ?? '' });
    },
    by: (t, e, at) => t('submission.timeline.by', { name: e.actor.name, who: who(t, e), at }),
    status: (t, _e, status) => t('submission.timeline.status', { status: t(`submission.status.${status}`) }),
  },
  notes: {
    testId: 'notes-timeline',
    empty: 'notesUi.timeline.empty',
    more: 'lists.more',
    title: (t, e) => t(`notesUi.event.${e.action}`),
    by: (t, e, at) => t('notesUi.timeline.by', { name: e.actor.name, at }),
    status: (t, _e, status) => t('notesUi.timeline.status', { status: t(`submission.status.${status}`) }),
  },
  slip: {
    testId: 'slip-timeline',
    empty: 'reviewTimeline.empty',
    more: 'lists.more',
    title: (t, e) => t(`reviewTimeline.event.${e.action}`, { file: e.fileName ?? '' }),
    by: (t, e, at) => t('reviewTimeline.by', { name: e.actor.name, who: who(t, e), at }),
    status: (t, _e, status) => t('reviewTimeline.now', { status: t(`reviewTimeline.status.${status}`) }),
  },
};
