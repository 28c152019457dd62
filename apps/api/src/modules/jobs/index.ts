/** The public face of the jobs module: other modules import only what is exported here (decision 197). */
export { backoffMs, enqueueJob, type JobContext } from './jobs.service';
export { default as jobsRoutes } from './jobs.routes';
export { countFailedJobs, jobQueueByKind, jobStatesByKeys } from './jobs.repository';
