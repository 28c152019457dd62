/** The public face of the notes module: other modules import only what is exported here (decision 197). */
export { notesProvider } from './notes.overview';
export { default as notesRoutes } from './notes.routes';
export { listAcceptedNotes, listNotesHeads, listNotesOfCompany } from './notes.staff-reads.repository';
export { notesFiling } from './notes.filing';
export { nameNotes } from './notes.audit-names';
