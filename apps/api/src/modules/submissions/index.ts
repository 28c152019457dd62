/** The public face of the submissions module: other modules import only what is exported here (decision 197). */
export { loadReference, sizeViewOf } from './submissions.checklist';
export { actorName, newEvent } from './submissions.events';
export { assertCanRead, assertCurrent, assertEditable } from './submissions.policy';
export { getSubmission } from './submissions.queries';
export { SUBMISSION_OWNER, findSubmission, insertEvents, touchIfEditable } from './submissions.repository';
export { default as submissionsRoutes } from './submissions.routes';
export {
  WAITING_STATUSES,
  countWaitingSubmissions,
  countSubmissionsNamingItems,
  filedCompanyIds,
  listSubmissionsOfCompany,
  listSubmissionsOfYear,
  listSubmissionHeads,
  listAcceptedSubmissions,
} from './submissions.staff-reads.repository';
export { nameSubmissions } from './submissions.audit-names';
