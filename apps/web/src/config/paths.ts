/**
 * Every route of the web app (DESIGN §2; the paths are fixed). Links are built with these
 * helpers, never typed by hand.
 */
export const paths = {
  home: '/',
  aboutUs: '/about-us',
  blogs: '/blogs',
  blog: (slug: string) => `/blogs/${encodeURIComponent(slug)}`,
  notifications: '/notification',
  notification: (id: string) => `/notification/${encodeURIComponent(id)}`,
  /** search results of the public site (`?q=`) */
  search: '/search',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  thanks: '/thanks',
  qrScan: (comId: string, code: string) => `/qr/scan/${encodeURIComponent(comId)}/${encodeURIComponent(code)}`,
  dashboard: {
    root: '/dashboard',
    news: '/dashboard/news',
    info: (page: string) => `/dashboard/info/${encodeURIComponent(page)}`,
    submitDocument: '/dashboard/submit-document',
    submissionDetail: (subId: string) => `/dashboard/submit-document/detail/${encodeURIComponent(subId)}`,
    submissionHistory: '/dashboard/submit-document-history',
    createNotes: '/dashboard/create-notes-document',
    notesHistory: '/dashboard/notes-document-history',
    allDocumentHistory: '/dashboard/all-document-history',
    booking: '/dashboard/sending-booking-document',
    finishedBookings: '/dashboard/finish-booking-document',
    payment: '/dashboard/service-payment',
    guideBook: '/dashboard/guide-book',
    lawBook: '/dashboard/law-book',
    license: '/dashboard/accounting-license',
    settings: '/dashboard/settings',
    documentViewer: (subId: string, uuid: string) => `/dashboard/document-viewer/${encodeURIComponent(subId)}/${encodeURIComponent(uuid)}`,
    otherDocumentViewer: (subId: string, uuid: string) => `/dashboard/document-viewer/other/${encodeURIComponent(subId)}/${encodeURIComponent(uuid)}`,
  },
  staff: {
    root: '/staff',
    submissions: '/staff/submissions',
    submission: (id: string) => `/staff/submissions/${encodeURIComponent(id)}`,
    content: '/staff/content',
    library: '/staff/library',
    reference: '/staff/reference',
    accounts: '/staff/accounts',
  },
} as const;
