/** The public face of the api-keys module: other modules import only what is exported here (decision 197). */
export { apiKeyAuth } from './api-keys.auth';
export { default as apiKeysRoutes } from './api-keys.routes';
