import type { NotesLanguage, NotesSectionData, NotesSectionKey } from '@bansi/shared';

/**
 * Unsaved edits of a notes document kept on this device (localStorage), so nothing typed is lost when
 * the connection drops or the page reloads. One entry per document, keyed by its id and the version
 * the edits were made on (`bansi.notes-draft.<id>.v<version>`): on load an entry of the same version is
 * restored as it is, one of an older version is offered against the server's (decision 093).
 */
export interface NotesDraft {
  id: string;
  baseVersion: number;
  language: NotesLanguage | null;
  sections: Partial<Record<NotesSectionKey, NotesSectionData>>;
  /** when it was last written (ISO) */
  at: string;
}

const PREFIX = 'bansi.notes-draft.';
const keyOf = (id: string, version: number) => `${PREFIX}${id}.v${version}`;

function keysOf(id: string): string[] {
  const out: string[] = [];
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      const k = window.localStorage.key(i);
      if (k?.startsWith(`${PREFIX}${id}.v`)) out.push(k);
    }
  } catch {
    // storage blocked (private mode): nothing kept on this device
  }
  return out;
}

/** The newest draft kept for the document, or null. */
export function readDraft(id: string): NotesDraft | null {
  let best: NotesDraft | null = null;
  for (const k of keysOf(id)) {
    try {
      const d = JSON.parse(window.localStorage.getItem(k) ?? 'null') as NotesDraft | null;
      if (d && d.id === id && typeof d.baseVersion === 'number' && (!best || d.baseVersion > best.baseVersion)) best = d;
    } catch {
      // a broken entry is ignored
    }
  }
  return best;
}

/** Keeps the draft (and forgets the document's drafts of other versions). False when storage refused it. */
export function writeDraft(draft: NotesDraft): boolean {
  const key = keyOf(draft.id, draft.baseVersion);
  try {
    for (const k of keysOf(draft.id)) if (k !== key) window.localStorage.removeItem(k);
    window.localStorage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(id: string) {
  try {
    for (const k of keysOf(id)) window.localStorage.removeItem(k);
  } catch {
    // nothing to clear
  }
}
