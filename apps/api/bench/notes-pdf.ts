/**
 * Notes PDF benchmark (issue 13): renders the notes to the financial statements with every section
 * filled, in Lao, and prints the median render time of N runs (and the pages and bytes):
 *   - 200 table lines in the whole document (20 in each of the 10 table sections);
 *   - 200 lines in EVERY table section (2,000 lines: the most the limits allow).
 *
 *   npm run bench:notes-pdf          (BENCH_RUNS=9 by default)
 *
 * The render is what GET /notes/:id/pdf does for a document not yet accepted, and what accepting does once.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createTranslator, loadCatalogs } from '../src/lib/i18n';
import { renderNotesPdf } from '../src/modules/notes/notes.pdf';
import { renderNotesPdfOffThread, stopNotesPdfWorker } from '../src/modules/notes/notes.pdf-pool';
import { fixtureNotes } from '../src/modules/notes/notes.pdf.fixture';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const t = createTranslator(loadCatalogs());

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function bench(name: string, rowsPerTable: number) {
  const input = fixtureNotes(rowsPerTable);
  await renderNotesPdf(t, input); // warm-up: font parsing, JIT
  const times: number[] = [];
  let bytes: Buffer = Buffer.alloc(0);
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    bytes = await renderNotesPdf(t, input);
    times.push(performance.now() - start);
  }
  const pages = (bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  const lines = rowsPerTable * 10;
  console.log(
    `${name.padEnd(44)} lines ${String(lines).padStart(5)}  pages ${String(pages).padStart(3)}  ${(bytes.length / 1024).toFixed(0).padStart(5)} KiB  ` +
      `median ${median(times).toFixed(0).padStart(5)} ms  (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}, n=${RUNS})`,
  );
}

/** What the API does: the worker thread renders; the event loop's longest stall meanwhile is what requests feel. */
async function benchOffThread(name: string, rowsPerTable: number) {
  const input = fixtureNotes(rowsPerTable);
  await renderNotesPdfOffThread(input); // starts the worker
  const times: number[] = [];
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await renderNotesPdfOffThread(input);
    times.push(performance.now() - start);
  }
  delay.disable();
  console.log(
    `${name.padEnd(44)} lines ${String(rowsPerTable * 10).padStart(5)}  median ${median(times).toFixed(0).padStart(5)} ms  ` +
      `event loop: longest stall ${(delay.max / 1e6).toFixed(1)} ms (n=${RUNS})`,
  );
}

console.log(`notes PDF render (Node ${process.version}, lib/pdf with Noto Sans Lao)`);
console.log('on the calling thread:');
await bench('every section filled, 200 table lines', 20);
await bench('every section filled, 200 lines per table', 200);
// The same measure with nothing to do, for comparison on a busy machine (the OS's scheduling shows as stalls too).
{
  const idle = monitorEventLoopDelay({ resolution: 5 });
  idle.enable();
  await new Promise((r) => setTimeout(r, 3000));
  idle.disable();
  console.log(`idle baseline (3 s, nothing rendering)                    event loop: longest stall ${(idle.max / 1e6).toFixed(1)} ms`);
}
console.log('in the PDF worker thread (as GET /notes/:id/pdf does):');
await benchOffThread('every section filled, 200 table lines', 20);
await benchOffThread('every section filled, 200 lines per table', 200);
await stopNotesPdfWorker();
