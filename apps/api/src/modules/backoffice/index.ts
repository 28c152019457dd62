/** The public face of the backoffice module: other modules import only what is exported here (decision 197). */
export { default as backofficeRoutes } from './backoffice.routes';
