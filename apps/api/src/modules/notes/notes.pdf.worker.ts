import { parentPort } from 'node:worker_threads';
import { createTranslator, loadCatalogs } from '../../lib/i18n';
import { renderNotesPdf, type NotesPdfInput } from './notes.pdf';

// The notes PDF is typeset off the main thread (decision 092): PDFKit measures and shapes text
// synchronously, and a long document takes longer than a request may hold the event loop (50 ms).
const t = createTranslator(loadCatalogs());

parentPort!.on('message', (msg: { id: number; input: NotesPdfInput }) => {
  renderNotesPdf(t, msg.input).then(
    (bytes) => {
      const out = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length).slice();
      parentPort!.postMessage({ id: msg.id, bytes: out }, [out.buffer]);
    },
    (err: unknown) => parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
  );
});
