import { createTranslator, loadCatalogs } from '../../lib/i18n';
import { serveWorkerRequests } from '../../lib/worker-thread';
import { renderNotesPdf, type NotesPdfInput } from './notes.pdf';

// The notes PDF is typeset off the main thread (decision 092): PDFKit measures and shapes text
// synchronously, and a long document takes longer than a request may hold the event loop (50 ms).
const t = createTranslator(loadCatalogs());

serveWorkerRequests(async (input: NotesPdfInput) => {
  const bytes = await renderNotesPdf(t, input);
  const answer = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length).slice();
  return { answer, transfer: [answer.buffer] };
});
