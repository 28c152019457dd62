/** The public face of the audit module: other modules import only what is exported here (decision 197). */
export { actingAs, listCompanyAudit, recordAudit, systemActor, type Actor } from './audit.service';
export { auditActors, provideSubjectNames, type ActorDirectory, type SubjectName, type SubjectNamer } from './audit.subjects';
export { default as auditRoutes } from './audit.routes';
