/** The public face of the reference module: other modules import only what is exported here (decision 197). */
export { stampedCache } from './reference.cache';
export {
  districtHasVillages,
  findDistrict,
  findItem,
  findItemByCode,
  findItemById,
  findProvince,
  findVillage,
  listAllItems,
  listProvinces,
  listVillages,
} from './reference.repository';
export { importVillagesCommand } from './reference.seed';
export type { ReferenceItemsTable } from './reference.tables';
export { default as referenceRoutes } from './reference.routes';
