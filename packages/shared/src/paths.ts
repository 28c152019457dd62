import type { ContentKind, PublishAction } from './contracts/content';
import type { ReferenceList } from './contracts/reference';

/**
 * Every path of the API, under API_BASE: the table the routes register and the web app calls. No zod
 * here (docs/decisions/009): the first page a visitor loads needs a few paths, not the schemas.
 */
export const API_BASE = '/api/accounting-document-system';

const seg = encodeURIComponent;

export const PlatformPaths = {
  index: '',
} as const;

export const AuthPaths = {
  csrf: '/auth/csrf',
  register: '/auth/register',
  login: '/auth/login',
  logout: '/auth/logout',
  session: '/auth/session',
  /** the web app's probe: 200 with `{ session: null }` for a visitor, where /auth/session answers 401 */
  currentSession: '/auth/session/current',
  /** the signed-in account's language (what the user chose in the app) */
  language: '/auth/session/language',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  passwordCheck: '/auth/password-check',
  /** the signed-in account changes its own password (the current one first) */
  password: '/auth/password',
} as const;

export const CompanyPaths = {
  check: '/companies/check',
  me: '/companies/me',
  people: '/companies/me/people',
  members: '/companies/me/members',
  member: (id: string) => `/companies/me/members/${id}`,
  invitations: '/invitations',
  acceptInvitation: '/invitations/accept',
} as const;

/** The audit log and the background jobs (staff admins). */
export const AuditPaths = {
  list: '/staff/audit',
  /** the same filters, as CSV in the caller's language */
  csv: '/staff/audit.csv',
  jobs: '/staff/jobs',
  retryJob: '/staff/jobs/:id/retry',
} as const;

export const auditUrl = {
  retryJob: (id: string) => `/staff/jobs/${seg(id)}/retry`,
} as const;

export const StaffAccountPaths = {
  list: '/staff/accounts',
  one: (id: string) => `/staff/accounts/${id}`,
} as const;

export const ReferencePaths = {
  provinces: '/reference/provinces',
  districts: (provinceCode: string) => `/reference/provinces/${provinceCode}/districts`,
  villages: (districtCode: string) => `/reference/districts/${districtCode}/villages`,
  list: (list: ReferenceList) => `/reference/${list}`,
} as const;

/** Route paths are Fastify patterns; the web builds content URLs with `contentUrl`. */
export const ContentPaths = {
  posts: '/posts',
  post: '/posts/:slug',
  notifications: '/notifications',
  notification: '/notifications/:id',
  unreadCount: '/notifications/unread-count',
  markRead: '/notifications/:id/read',
  page: '/pages/:key',
  search: '/search',
  image: '/content-images/:id/:variant',
  staffPosts: '/staff/posts',
  staffPost: '/staff/posts/:id',
  staffPostAction: '/staff/posts/:id/:action',
  staffPostPreview: '/staff/posts/:id/preview',
  staffNotifications: '/staff/notifications',
  staffNotification: '/staff/notifications/:id',
  staffNotificationAction: '/staff/notifications/:id/:action',
  staffNotificationPreview: '/staff/notifications/:id/preview',
  staffPages: '/staff/pages',
  staffPage: '/staff/pages/:id',
  staffPageAction: '/staff/pages/:id/:action',
  staffPagePreview: '/staff/pages/:id/preview',
  staffImages: '/staff/images',
  staffAudienceCompanies: '/staff/audience/companies',
} as const;

export const contentUrl = {
  post: (slug: string) => `/posts/${seg(slug)}`,
  notification: (id: string) => `/notifications/${seg(id)}`,
  markRead: (id: string) => `/notifications/${seg(id)}/read`,
  page: (key: string) => `/pages/${seg(key)}`,
  staffItem: (kind: ContentKind, id: string) => `/staff/${kind}/${seg(id)}`,
  staffAction: (kind: ContentKind, id: string, action: PublishAction) => `/staff/${kind}/${seg(id)}/${action}`,
  staffPreview: (kind: ContentKind, id: string) => `/staff/${kind}/${seg(id)}/preview`,
} as const;

export const LibraryPaths = {
  list: '/library',
  one: (id: string) => `/library/${encodeURIComponent(id)}`,
  file: (id: string) => `/library/${encodeURIComponent(id)}/file`,
  staffList: '/staff/library',
  staffOne: (id: string) => `/staff/library/${encodeURIComponent(id)}`,
  staffVersions: (id: string) => `/staff/library/${encodeURIComponent(id)}/versions`,
  staffFile: (id: string) => `/staff/library/${encodeURIComponent(id)}/file`,
} as const;

/** Files are uploaded resumably with tus at `/uploads` and read at `/files/:uuid`. */
export const FilePaths = {
  uploads: '/uploads',
  upload: (id: string) => `/uploads/${id}`,
  one: (id: string) => `/files/${id}`,
  content: (id: string) => `/files/${id}/content`,
  staffOne: (id: string) => `/staff/files/${id}`,
  staffContent: (id: string) => `/staff/files/${id}/content`,
} as const;

/** The public check of a printed QR code (receipts, bookings, invoices, notes). */
export const QrPaths = {
  check: (comId: string, code: string) => `/qr/${comId}/${code}`,
} as const;

export const SubmissionPaths = {
  list: '/submissions',
  check: '/submissions/check',
  one: (id: string) => `/submissions/${id}`,
  submit: (id: string) => `/submissions/${id}/submit`,
  events: (id: string) => `/submissions/${id}/events`,
  files: (id: string) => `/submissions/${id}/files`,
  receipt: (id: string) => `/submissions/${id}/receipt`,
  /** the company answers a comment of the service */
  answers: (id: string) => `/submissions/${id}/answers`,
  staffList: '/staff/submissions',
  staffOne: (id: string) => `/staff/submissions/${id}`,
  staffAction: (id: string, action: 'start-review' | 'return' | 'accept' | 'comments') => `/staff/submissions/${id}/${action}`,
  staffReceipt: (id: string) => `/staff/submissions/${id}/receipt`,
  /** the reviewer sets the filing's size where the thresholds cannot decide it (issue 33) */
  staffSize: (id: string) => `/staff/submissions/${id}/size`,
  /** every document of the company (submissions, their files, receipts; notes later) */
  documents: '/documents',
  /** public: is this receipt (or, later, booking) genuine? What a scanned QR code asks. */
  qrCheck: (comId: string, code: string) => `/qr/${comId}/${code}`,
} as const;

/** Notes to the financial statements (issue 13). Staff use the `staff*` twins; `submissionLink` fills a submission's notes slot. */
export const NotesPaths = {
  list: '/notes',
  check: '/notes/check',
  one: (id: string) => `/notes/${id}`,
  submit: (id: string) => `/notes/${id}/submit`,
  events: (id: string) => `/notes/${id}/events`,
  pdf: (id: string) => `/notes/${id}/pdf`,
  /** the company answers a comment of the service */
  answers: (id: string) => `/notes/${id}/answers`,
  staffList: '/staff/notes',
  staffOne: (id: string) => `/staff/notes/${id}`,
  staffAction: (id: string, action: 'start-review' | 'return' | 'accept' | 'comments') => `/staff/notes/${id}/${action}`,
  staffPdf: (id: string) => `/staff/notes/${id}/pdf`,
  submissionLink: (submissionId: string) => `/submissions/${submissionId}/notes-link`,
} as const;

/** Service payment (issue 15): invoices, their LAO QR, receipts, the bank's notification, staff billing. */
export const PaymentPaths = {
  invoices: '/invoices',
  invoice: (id: string) => `/invoices/${id}`,
  qr: (id: string) => `/invoices/${id}/qr`,
  receipt: (id: string) => `/invoices/${id}/receipt`,
  notify: '/payments/notify',
  staffInvoices: '/staff/invoices',
  staffInvoice: (id: string) => `/staff/invoices/${id}`,
  staffAction: (id: string, action: 'confirm' | 'void' | 'reverse') => `/staff/invoices/${id}/${action}`,
  staffReceipt: (id: string) => `/staff/invoices/${id}/receipt`,
  staffUnmatched: '/staff/payment-notifications',
  staffResolveUnmatched: (id: string) => `/staff/payment-notifications/${id}/resolve`,
  /** staff admins: the key this instance checks notifications with, when it made it itself (decision 125) */
  staffWebhookSecret: '/staff/payment-webhook-secret',
  /** staff, only with PAYMENT_SIMULATOR=true outside production: the simulator bank pays an invoice (decision 126) */
  staffSimulator: '/staff/payment-simulator',
  fees: '/staff/fees',
  /** the fees in force today (the dashboard's fees page) */
  currentFees: '/fees',
} as const;

/** The one review workflow (issue 34): every kind staff review, in one queue (decision 270). */
export const ReviewPaths = {
  staffQueue: '/staff/review-queue',
} as const;

export const SmeThresholdPaths = {
  list: '/reference/sme-thresholds',
  staffCreate: '/staff/sme-thresholds',
} as const;

export const BookingPaths = {
  slots: '/bookings/slots',
  list: '/bookings',
  one: (id: string) => `/bookings/${id}`,
  action: (id: string, action: 'cancel' | 'reschedule') => `/bookings/${id}/${action}`,
  coverSheet: (id: string) => `/bookings/${id}/cover-sheet`,
  calendar: (id: string) => `/bookings/${id}/calendar`,
  staffList: '/staff/bookings',
  staffOne: (id: string) => `/staff/bookings/${id}`,
  staffAction: (id: string, action: 'receive' | 'cancel' | 'reschedule' | 'cover-sheet' | 'calendar') => `/staff/bookings/${id}/${action}`,
  holidays: '/staff/holidays',
  holiday: (id: string) => `/staff/holidays/${id}`,
  settings: '/staff/booking-settings',
} as const;

/** A company's export of all its records (decision 186): the company admin's, and a staff admin's for any company. */
export const CompanyExportPaths = {
  exports: '/companies/me/exports',
  download: '/exports/:id/download',
  staffExports: '/staff/companies/:id/exports',
} as const;

export const companyExportUrl = {
  download: (id: string) => `/exports/${seg(id)}/download`,
  staffExports: (companyId: string) => `/staff/companies/${seg(companyId)}/exports`,
} as const;

/** The back office (issue 16). Route patterns; the web fills them with `backofficeUrl`. */
export const BackofficePaths = {
  overview: '/staff/overview',
  companies: '/staff/companies',
  company: '/staff/companies/:id',
  referenceList: '/staff/reference/:list',
  referenceItem: '/staff/reference/:list/:id',
  referenceRetire: '/staff/reference/:list/:id/retire',
  referenceRestore: '/staff/reference/:list/:id/restore',
  report: '/staff/reports/submissions',
  reportCsv: '/staff/reports/submissions.csv',
} as const;

export const backofficeUrl = {
  company: (id: string) => `/staff/companies/${seg(id)}`,
  referenceList: (list: ReferenceList) => `/staff/reference/${list}`,
  referenceItem: (list: ReferenceList, id: string) => `/staff/reference/${list}/${seg(id)}`,
  referenceRetire: (list: ReferenceList, id: string) => `/staff/reference/${list}/${seg(id)}/retire`,
  referenceRestore: (list: ReferenceList, id: string) => `/staff/reference/${list}/${seg(id)}/restore`,
} as const;

/**
 * Every route of the web app (DESIGN §2; the paths are fixed). The web builds its links with these
 * helpers and its router names the same paths; the API's mails, PDFs and QR codes link to them on
 * PUBLIC_URL. Never typed by hand.
 */
export const WebPaths = {
  home: '/',
  aboutUs: '/about-us',
  blogs: '/blogs',
  blog: (slug: string) => `/blogs/${seg(slug)}`,
  notifications: '/notification',
  notification: (id: string) => `/notification/${seg(id)}`,
  /** search results of the public site (`?q=`) */
  search: '/search',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: (token: string) => `/reset-password/${seg(token)}`,
  thanks: '/thanks',
  qrScan: (comId: string, code: string) => `/qr/scan/${seg(comId)}/${seg(code)}`,
  dashboard: {
    root: '/dashboard',
    news: '/dashboard/news',
    /** reading inside the dashboard (decision 096): an article, the notifications, one notification */
    newsItem: (slug: string) => `/dashboard/news?item=${seg(slug)}`,
    notifications: '/dashboard/news?tab=notifications',
    notification: (id: string) => `/dashboard/news?notification=${seg(id)}`,
    info: (page: string) => `/dashboard/info/${seg(page)}`,
    submitDocument: '/dashboard/submit-document',
    submissionDetail: (subId: string) => `/dashboard/submit-document/detail/${seg(subId)}`,
    submissionHistory: '/dashboard/submit-document-history',
    createNotes: '/dashboard/create-notes-document',
    notesHistory: '/dashboard/notes-document-history',
    allDocumentHistory: '/dashboard/all-document-history',
    booking: '/dashboard/sending-booking-document',
    /** the bookings screen with one booking in view (the booking mails' link) */
    bookingOne: (id: string) => `/dashboard/sending-booking-document?booking=${seg(id)}`,
    finishedBookings: '/dashboard/finish-booking-document',
    /** a received booking in view (the shortfall mail's link) */
    finishedBooking: (id: string) => `/dashboard/finish-booking-document?booking=${seg(id)}`,
    payment: '/dashboard/service-payment',
    guideBook: '/dashboard/guide-book',
    lawBook: '/dashboard/law-book',
    license: '/dashboard/accounting-license',
    settings: '/dashboard/settings',
    documentViewer: (subId: string, uuid: string) => `/dashboard/document-viewer/${seg(subId)}/${seg(uuid)}`,
    otherDocumentViewer: (subId: string, uuid: string) => `/dashboard/document-viewer/other/${seg(subId)}/${seg(uuid)}`,
  },
  staff: {
    root: '/staff',
    submissions: '/staff/submissions',
    submission: (id: string) => `/staff/submissions/${seg(id)}`,
    notes: '/staff/notes',
    notesOne: (id: string) => `/staff/notes/${seg(id)}`,
    content: '/staff/content',
    library: '/staff/library',
    reference: '/staff/reference',
    /** a tab of the reference screen: a reference list, the SME grid or the holidays */
    referenceTab: (tab: ReferenceList | 'sme' | 'holidays') => `/staff/reference?list=${tab}`,
    accounts: '/staff/accounts',
    bookings: '/staff/bookings',
    bookingsOn: (date: string) => `/staff/bookings?date=${seg(date)}`,
    invoices: '/staff/invoices',
    /** one invoice on the review screen: its transfer slip beside it (issue 34) */
    invoice: (id: string) => `/staff/invoices/${seg(id)}`,
    invoicesOf: (companyId: string) => `/staff/invoices?company=${seg(companyId)}`,
    companies: '/staff/companies',
    company: (id: string) => `/staff/companies/${seg(id)}`,
    reports: '/staff/reports',
    audit: '/staff/audit',
    webhooks: '/staff/webhooks',
    apiKeys: '/staff/api-keys',
  },
} as const;

/** Outgoing events (issue 32): endpoints and their deliveries (staff admins). */
export const WebhookPaths = {
  endpoints: '/staff/webhooks/endpoints',
  disableEndpoint: '/staff/webhooks/endpoints/:id/disable',
  deliveries: '/staff/webhooks/deliveries',
  resend: '/staff/webhooks/deliveries/:id/resend',
} as const;

export const webhookUrl = {
  disableEndpoint: (id: string) => `/staff/webhooks/endpoints/${seg(id)}/disable`,
  resend: (id: string) => `/staff/webhooks/deliveries/${seg(id)}/resend`,
} as const;

/** API keys of the service's own software (staff admins), and the pull feeds a key reads (docs/api-clients.md). */
export const ApiKeyPaths = {
  list: '/staff/api-keys',
  one: '/staff/api-keys/:id',
} as const;

export const apiKeyUrl = {
  one: (id: string) => `/staff/api-keys/${seg(id)}`,
} as const;

export const FeedPaths = {
  filings: '/feed/filings',
  payments: '/feed/payments',
} as const;

/** The last backup's time, size and result (staff admins; the back office's audit screen). */
export const BackupPaths = {
  last: '/staff/backups/last',
} as const;
