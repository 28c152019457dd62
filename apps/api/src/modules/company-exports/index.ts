/** The public face of the company-exports module: other modules import only what is exported here (decision 197). */
export { default as companyExportsRoutes } from './company-exports.routes';
