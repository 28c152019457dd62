import { serveWorkerRequests } from '../../lib/worker-thread';
import { renderFirstPage } from './library.first-page.render';

// A first page is drawn off the main thread (decision 287): pdf.js parses and draws synchronously for
// longer than a request may hold the event loop (~170 ms for the guide's first page, more for a scan).
serveWorkerRequests(async (pdf: Uint8Array) => {
  const picture = await renderFirstPage(pdf);
  const webp = picture.webp.slice();
  return { answer: { ...picture, webp }, transfer: [webp.buffer] };
});
