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
  listItemsOfLists,
  listProvinces,
  listVillages,
} from './reference.repository';
export { importVillagesCommand } from './reference.seed';
export type { ReferenceItemsTable } from './reference.tables';
export { provideReferenceUses, type ReferenceUseCounter } from './reference.uses';
export { default as referenceRoutes } from './reference.routes';
