/** The public face of the platform module: other modules import only what is exported here (decision 197). */
export { default as platformRoutes } from './platform.routes';
