import { workerThread } from '../../lib/worker-thread';
import type { NotesPdfInput } from './notes.pdf';

/** The notes PDF worker thread (notes.pdf.worker.ts; dist/notes-pdf-worker.js in the bundle). */
const pdfWorker = workerThread<NotesPdfInput, Uint8Array>('notes PDF', {
  source: new URL('./notes.pdf.worker.ts', import.meta.url),
  bundled: new URL('./notes-pdf-worker.js', import.meta.url),
});

/** The PDF of `input`, rendered in the worker thread (the event loop stays free meanwhile). */
export async function renderNotesPdfOffThread(input: NotesPdfInput): Promise<Buffer> {
  const bytes = await pdfWorker.run(input);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Stops the worker (tests, graceful shutdown); the next render starts a new one. */
export const stopNotesPdfWorker = () => pdfWorker.stop();
