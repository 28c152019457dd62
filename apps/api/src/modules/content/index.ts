/** The public face of the content module: other modules import only what is exported here (decision 197). */
export { adoptLegacyImages } from './content.legacy';
export { notifyCompany } from './content.notify';
export { default as contentRoutes } from './content.routes';
export { audienceToken, optimizeSearchIndex } from './content.repository';
export { nameNotifications, namePosts } from './content.audit-names';
