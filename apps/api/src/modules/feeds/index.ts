/**
 * The public face of the feeds module (decision 197). Composition floor: it reads through the submissions,
 * notes and payments faces; only the module index registers it, nothing else imports it.
 */
export { default as feedsRoutes } from './feeds.routes';
