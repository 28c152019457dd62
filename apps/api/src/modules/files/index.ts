/** The public face of the files module: other modules import only what is exported here (decision 197). */
export { startFileHousekeeping } from './files.housekeeping';
export { registerFileOwner, registerStoredKeys } from './files.owners';
export { presentFile } from './files.presenter';
export {
  countCurrentFilesOf,
  companyFilesOf,
  countFilesInSlots,
  findCurrentInSlot,
  findFileById,
  findFilesByIds,
  listCompanyFiles,
  listFilesOfOwner,
  supersedeFile,
} from './files.repository';
export { keepInTransaction, replyWithStoredFile, storeGenerated, storeStream, type StoredFileRef } from './files.service';
export type { FilesTable } from './files.tables';
export { default as filesRoutes } from './files.routes';
