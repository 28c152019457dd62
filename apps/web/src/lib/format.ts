// The formatters live in packages/shared so the API's e-mails and PDFs print the same (docs/decisions/070).
export { formatClock, formatDate, formatDateTime, formatLak, TIME_ZONE } from '@bansi/shared/format';
