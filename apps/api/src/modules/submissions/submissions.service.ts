// The submissions module's actions, one file each (issue 10): reads in submissions.queries.ts, each
// change a command in commands/ with its own transaction, the checklist in submissions.checklist.ts
// (rules in packages/shared/src/domain). This file only gathers them for the routes and the seed,
// and loads the two registrations (file owner, all-document source).
import './submissions.uploads';
import './submissions.all-documents';

export { acceptSubmission, type SubmissionDeps } from './commands/accept-submission';
export { addStaffComment } from './commands/add-staff-comment';
export { answerComment } from './commands/answer-comment';
export { createSubmission } from './commands/create-submission';
export { returnSubmission } from './commands/return-submission';
export { setFilingSize } from './commands/set-filing-size';
export { startReview } from './commands/start-review';
export { submitSubmission } from './commands/submit-submission';
export { updateSubmission } from './commands/update-submission';
export { listDocuments } from './submissions.all-documents';
export { createdEvent } from './submissions.events';
export {
  checkSubmission,
  getReceiptFile,
  getStaffSubmission,
  getSubmission,
  getSubmissionFiles,
  listSubmissionEvents,
  listSubmissions,
  staffQueue,
} from './submissions.queries';
export { signatoriesSnapshot } from './submissions.signatories';
export { authorizeSubmissionUpload, recordStoredFile } from './submissions.uploads';
