/** The counters behind `nextSequence` (sequences.ts). */
export interface SequenceCountersTable {
  scope: string;
  year: number;
  lastSeq: number;
}

export interface SequenceTables {
  sequenceCounters: SequenceCountersTable;
}
