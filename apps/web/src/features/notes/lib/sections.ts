import { NOTES_SECTION_KEYS, notesSectionHasTable, notesSectionWritten, type NotesSectionData, type NotesSectionKey } from '@bansi/shared';

/** 1-based, as printed. */
export const sectionNumber = (key: NotesSectionKey) => NOTES_SECTION_KEYS.indexOf(key) + 1;
export const hasTable = notesSectionHasTable;

export type SectionState = 'empty' | 'written' | 'notApplicable';

/** What the section list shows for a section. */
export function sectionState(s: NotesSectionData): SectionState {
  if (s.notApplicable) return 'notApplicable';
  return notesSectionWritten(s) ? 'written' : 'empty';
}

/** Where the editor is: `?section=` (the first section when absent or unknown). */
export function sectionFrom(value: string | null): NotesSectionKey {
  return (NOTES_SECTION_KEYS as readonly string[]).includes(value ?? '') ? (value as NotesSectionKey) : 'general';
}
