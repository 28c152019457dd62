/** The public face of the audit module: other modules import only what is exported here (decision 197). */
export { actingAs, recordAudit, systemActor, type Actor } from './audit.service';
export { default as auditRoutes } from './audit.routes';
export { listCompanyAudit } from './audit.repository';
