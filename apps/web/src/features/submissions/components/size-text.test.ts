import { describe, expect, it } from 'vitest';
import { sizeText } from './submission-facts';

// The key, as i18next would look it up: the test reads which message each case shows.
const t = (key: string) => key;

describe('the size the company reads (issue 33: one message in the wizard, the review step and the filing page)', () => {
  it.each([
    ['a size the rule derives', { kind: 'size', size: 'micro', basis: ['labour'] }, 'submission.size.micro'],
    ['the verdict of a queue row', { kind: 'size', size: 'medium' }, 'submission.size.medium'],
    [
      "a reviewer's size on the filing",
      { kind: 'size', size: 'small', basis: [], setByReviewer: { reason: 'r', at: '2024-01-01' } },
      'submission.size.small (submission.size.setByService)',
    ],
    [
      "a reviewer's size in a queue row",
      { kind: 'size', size: 'large', setByReviewer: true },
      'submission.size.large (submission.size.setByService)',
    ],
    // the wizard's panel says the same when the thresholds cannot decide (SmeSizePanel's badge)
    ['thresholds that cannot decide', { kind: 'undetermined', missing: [], missingInputs: [] }, 'submission.derived.byServiceBadge'],
    ['the verdict of such a row', { kind: 'undetermined' }, 'submission.derived.byServiceBadge'],
    ['no sector to judge by', null, 'submission.derived.byServiceBadge'],
  ] as const)('%s', (_name, result, text) => {
    expect(sizeText(t, result as Parameters<typeof sizeText>[1])).toBe(text);
  });
});
