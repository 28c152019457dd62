import type { FastifyPluginAsync } from 'fastify';
import platformRoutes from './platform/platform.routes';

/** Every feature's routes, each registered under the API base path. */
export const featureModules: FastifyPluginAsync[] = [platformRoutes];
