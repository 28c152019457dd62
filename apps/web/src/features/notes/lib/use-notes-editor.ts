import {
  type NotesComment,
  type NotesDocument,
  type NotesInputError,
  type NotesLanguage,
  type NotesRestatementErrorCode,
  type NotesSectionData,
  type NotesSectionKey,
  validateNotesSections,
  applyCarriedForward,
} from '@bansi/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { ApiError } from '../../../lib/api-client';
import { getNotes } from '../api/get-notes';
import { notesKeys } from '../api/keys';
import { updateNotes } from '../api/update-notes';
import { clearDraft, readDraft, writeDraft } from './draft-store';

/** How long typing must pause before the edits are sent. */
export const AUTOSAVE_DELAY_MS = 800;
/** While offline or after a failure, how often the save is tried again (and at once when the browser is back online). */
const RETRY_MS = 5_000;

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'offline' | 'conflict' | 'invalid' | 'error' | 'locked';

/** A field error of the form: the section, the path inside it (`rows.2.current`), and a translated message or a code. */
export interface EditorFieldError {
  section: NotesSectionKey;
  path: string;
  message?: string;
  code?: NotesInputError['code'] | NotesRestatementErrorCode;
  vars?: Record<string, number>;
}

export interface NotesConflict {
  /** the document as the server has it now */
  server: NotesDocument;
  /** the sections the user changed and has not saved */
  mine: Partial<Record<NotesSectionKey, NotesSectionData>>;
  myLanguage: NotesLanguage | null;
}

export interface NotesEditorSnapshot {
  /** the last document the server answered */
  base: NotesDocument;
  /** the sections as on screen: the server's with the unsaved edits over them */
  sections: NotesSectionData[];
  language: NotesLanguage;
  state: SaveState;
  errors: EditorFieldError[];
  conflict: NotesConflict | null;
  /** a draft kept on this device was put back on load */
  restored: boolean;
}

const sectionData = (s: NotesSectionData): NotesSectionData => ({
  key: s.key,
  notApplicable: s.notApplicable,
  text: s.text,
  fields: s.fields,
  rows: s.rows,
});
const same = (a: NotesSectionData, b: NotesSectionData) => JSON.stringify(sectionData(a)) === JSON.stringify(sectionData(b));

/**
 * The notes editor's state and its autosave, outside React (decision 093): the user's edits overlay the
 * last document the server answered; AUTOSAVE_DELAY_MS after typing pauses, the changed sections are sent
 * with the version they were made on. Every edit is also kept in localStorage until the server has it,
 * so a dropped connection or a reload loses nothing; offline, the save is retried every few seconds and
 * at once when the browser is back online. A 409 STALE leaves the choice (keep mine / take the server's)
 * to the user, with the server's document to compare.
 */
export class NotesEditorStore {
  private base: NotesDocument;
  private dirty = new Map<NotesSectionKey, NotesSectionData>();
  private lang: NotesLanguage | null = null;
  private state: SaveState = 'idle';
  private errors: EditorFieldError[] = [];
  private conflict: NotesConflict | null = null;
  private restored = false;
  private inFlight = false;
  private timer: number | undefined;
  private waiters: { resolve: (d: NotesDocument) => void; reject: (e: unknown) => void }[] = [];
  private listeners = new Set<() => void>();
  private snapshot: NotesEditorSnapshot;

  constructor(
    initial: NotesDocument,
    private readonly queryClient: QueryClient,
  ) {
    this.base = initial;
    this.snapshot = this.snap();
  }

  // --- the React side ------------------------------------------------------------------------

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = () => this.snapshot;

  private snap(): NotesEditorSnapshot {
    return {
      base: this.base,
      sections: this.base.sections.map((s) => this.dirty.get(s.key) ?? sectionData(s)),
      language: this.lang ?? this.base.language,
      state: this.state,
      errors: this.errors,
      conflict: this.conflict,
      restored: this.restored,
    };
  }
  private emit() {
    this.snapshot = this.snap();
    for (const l of this.listeners) l();
  }

  /** Restores a draft kept on this device and listens for the connection; returns the clean-up. */
  start(): () => void {
    this.restoreDraft();
    const online = () => {
      if (this.state === 'offline' || this.state === 'error') void this.save();
    };
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      window.clearTimeout(this.timer);
    };
  }

  // --- edits ---------------------------------------------------------------------------------

  private hasEdits() {
    return this.dirty.size > 0 || this.lang !== null;
  }

  setSection(key: NotesSectionKey, update: (s: NotesSectionData) => NotesSectionData) {
    const current = this.dirty.get(key) ?? sectionData(this.base.sections.find((s) => s.key === key)!);
    this.dirty.set(key, update(current));
    this.errors = this.errors.filter((e) => e.section !== key);
    this.schedule();
  }

  setLanguage(lng: NotesLanguage) {
    this.lang = lng === this.base.language ? null : lng;
    this.schedule();
  }

  /** Conflict: rebase my edits on the server's document and save them over it. */
  keepMine() {
    if (!this.conflict) return;
    this.base = this.conflict.server;
    this.conflict = null;
    this.state = 'pending';
    this.persist();
    this.emit();
    void this.save();
  }

  /** Conflict: drop my unsaved edits and continue from the server's document. */
  takeServer() {
    if (!this.conflict) return;
    const server = this.conflict.server;
    this.base = server;
    this.dirty.clear();
    this.lang = null;
    clearDraft(server.id);
    this.queryClient.setQueryData(notesKeys.detail(server.id), server);
    this.conflict = null;
    this.errors = [];
    this.state = 'saved';
    this.emit();
  }

  /** Saves now and resolves with the document once the server has every edit (before a submit). */
  flush(): Promise<NotesDocument> {
    if (!this.hasEdits() && !this.inFlight) return Promise.resolve(this.base);
    const done = new Promise<NotesDocument>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (!this.inFlight) void this.save();
    return done;
  }

  /** A document the server answered to another call (a submit): continue from it. */
  replaceBase(doc: NotesDocument) {
    this.base = doc;
    this.emit();
  }

  /** A comment the server took without a new version (the company's answer): shown at once, edits untouched. */
  addComment(comment: NotesComment) {
    this.base = { ...this.base, comments: [...this.base.comments, comment] };
    this.emit();
  }

  /** A newer document read from the server (after a lock, a refetch): taken when nothing waits to be saved. */
  adopt(doc: NotesDocument) {
    if (doc.id !== this.base.id || doc.version <= this.base.version || this.hasEdits() || this.inFlight) return;
    this.base = doc;
    if (this.state === 'locked' && doc.editable) this.state = 'idle';
    this.emit();
  }

  // --- saving --------------------------------------------------------------------------------

  private persist() {
    if (!this.hasEdits()) {
      clearDraft(this.base.id);
      return;
    }
    writeDraft({
      id: this.base.id,
      baseVersion: this.base.version,
      language: this.lang,
      sections: Object.fromEntries(this.dirty),
      at: new Date().toISOString(),
    });
  }

  private schedule() {
    this.persist();
    if (this.state !== 'conflict' && this.state !== 'locked') {
      window.clearTimeout(this.timer);
      if (this.state !== 'offline') this.state = 'pending';
      this.timer = window.setTimeout(() => void this.save(), AUTOSAVE_DELAY_MS);
    }
    this.emit();
  }

  private retryLater() {
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => void this.save(), RETRY_MS);
  }

  private settle(doc: NotesDocument | null, error?: unknown) {
    const list = this.waiters;
    this.waiters = [];
    for (const w of list) {
      if (doc) w.resolve(doc);
      else w.reject(error);
    }
  }

  private async save(): Promise<void> {
    window.clearTimeout(this.timer);
    if (this.inFlight || this.state === 'conflict' || this.state === 'locked') return;
    const base = this.base;
    if (!this.hasEdits()) {
      this.settle(base);
      return;
    }
    const sent = [...this.dirty.values()];
    const sentLang = this.lang;
    // Carried-forward figures changed without a reason are caught here too, as the server would.
    const local = [
      ...validateNotesSections(sent),
      ...sent.flatMap((s, i) => applyCarriedForward(base.sections.find((b) => b.key === s.key)?.rows ?? [], s.rows, `sections.${i}`).errors),
    ];
    if (local.length > 0) {
      this.errors = local.map((e) => {
        const [, index, ...rest] = e.path.split('.');
        return { section: sent[Number(index)]!.key, path: rest.join('.'), code: e.code, vars: e.vars };
      });
      this.state = 'invalid';
      this.emit();
      this.settle(null, new Error('invalid'));
      return;
    }
    if (navigator.onLine === false) {
      this.state = 'offline';
      this.emit();
      this.retryLater();
      return;
    }
    this.inFlight = true;
    this.state = 'saving';
    this.emit();
    try {
      const doc = await updateNotes(base.id, {
        version: base.version,
        ...(sentLang ? { language: sentLang } : {}),
        ...(sent.length > 0 ? { sections: sent.map(sectionData) } : {}),
      });
      this.inFlight = false;
      this.base = doc;
      // What changed again while the request was out stays to be sent.
      for (const s of sent) if (this.dirty.get(s.key) === s) this.dirty.delete(s.key);
      if (this.lang === sentLang) this.lang = null;
      this.queryClient.setQueryData(notesKeys.detail(doc.id), doc);
      void this.queryClient.invalidateQueries({ queryKey: notesKeys.events(doc.id) });
      this.persist();
      this.errors = [];
      if (this.hasEdits()) {
        this.state = 'pending';
        this.timer = window.setTimeout(() => void this.save(), AUTOSAVE_DELAY_MS);
      } else {
        this.state = 'saved';
        this.settle(doc);
      }
      this.emit();
    } catch (error) {
      this.inFlight = false;
      this.onSaveError(error, sent, base);
    }
  }

  private async onSaveError(error: unknown, sent: NotesSectionData[], base: NotesDocument) {
    if (error instanceof ApiError && error.status === 0) {
      // The connection dropped: the edits stay on this device and go out when it is back.
      this.state = 'offline';
      this.emit();
      this.retryLater();
      return;
    }
    if (error instanceof ApiError && error.code === 'STALE') {
      try {
        // The 409 carries the server's document (`current`); read it when it does not.
        const server = (error.problem as { current?: NotesDocument }).current ?? (await getNotes(base.id));
        this.conflict = { server, mine: Object.fromEntries(this.dirty), myLanguage: this.lang };
        this.state = 'conflict';
        this.emit();
      } catch {
        this.state = 'offline';
        this.emit();
        this.retryLater();
        return;
      }
      this.settle(null, error);
      return;
    }
    if (error instanceof ApiError && (error.code === 'NOTES_LOCKED' || error.code === 'INVALID_TRANSITION')) {
      this.state = 'locked';
      this.emit();
      void this.queryClient.invalidateQueries({ queryKey: notesKeys.detail(base.id) });
      this.settle(null, error);
      return;
    }
    if (error instanceof ApiError && error.problem.errors?.length) {
      this.errors = error.problem.errors.map((e) => {
        const [, index, ...rest] = e.path.split('.');
        return { section: sent[Number(index)]?.key ?? 'general', path: rest.join('.'), message: e.message };
      });
      this.state = 'invalid';
      this.emit();
      this.settle(null, error);
      return;
    }
    this.state = 'error';
    this.emit();
    this.retryLater();
    this.settle(null, error);
  }

  /** A draft kept on this device from before (a reload, a closed tab, a dropped connection). */
  private restoreDraft() {
    const initial = this.base;
    const draft = readDraft(initial.id);
    if (!draft || !initial.editable) return;
    const server = new Map(initial.sections.map((s) => [s.key, s]));
    for (const [key, s] of Object.entries(draft.sections) as [NotesSectionKey, NotesSectionData][]) {
      const current = server.get(key);
      if (!current || !same(current, s)) this.dirty.set(key, s);
    }
    this.lang = draft.language && draft.language !== initial.language ? draft.language : null;
    if (!this.hasEdits()) {
      clearDraft(initial.id);
      return;
    }
    this.restored = true;
    if (draft.baseVersion === initial.version) this.schedule();
    else {
      // Made on an older version: someone (or this device, before the answer came) saved since. The user decides.
      this.conflict = { server: initial, mine: Object.fromEntries(this.dirty), myLanguage: this.lang };
      this.state = 'conflict';
      this.emit();
    }
  }
}

/** The editor of one notes document (the screen keys it by the document's id). */
export function useNotesEditor(initial: NotesDocument) {
  const queryClient = useQueryClient();
  const [store] = useState(() => new NotesEditorStore(initial, queryClient));
  useEffect(() => store.start(), [store]);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { store, ...snapshot };
}
