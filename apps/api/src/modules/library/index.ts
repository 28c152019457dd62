/** The public face of the library module: other modules import only what is exported here (decision 197). */
export { adoptLegacyLibraryFiles } from './library.legacy';
export { default as libraryRoutes } from './library.routes';
export { nameLibraryDocuments } from './library.audit-names';
export { readerFirstPage, type ReaderFirstPage } from './library.first-page';
export { queueFirstPageSweep } from './library.first-page.queue';
