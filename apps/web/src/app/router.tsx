import type { RouteObject } from 'react-router';
import { NotFound } from '../components/not-found';
import { PageSpinner } from '../components/page-spinner';
import { RouteError } from '../components/route-error';
import { paths } from '../config/paths';
import { lazyScreen } from '../lib/lazy';
import { PublicLayout } from './layouts/public-layout';
import { StandaloneLayout } from './layouts/standalone-layout';

/** A route's path below its parent's, from the shared table (the API's mails and PDFs link to the same paths). */
const segmentOf = (path: string, parent = '') => path.slice(parent.length + 1);

/** Every route of DESIGN §2. Screens load lazily; each layout has its own error and not-found screen. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        element: <PublicLayout />,
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: lazyScreen(() => import('./routes/home')) },
          { path: 'about-us', lazy: lazyScreen(() => import('../features/content/routes/about-us')) },
          { path: 'blogs', lazy: lazyScreen(() => import('../features/content/routes/blogs')) },
          { path: 'blogs/:slug', lazy: lazyScreen(() => import('../features/content/routes/blog')) },
          { path: 'notification', lazy: lazyScreen(() => import('../features/content/routes/notifications')) },
          { path: 'notification/:id', lazy: lazyScreen(() => import('../features/content/routes/notification')) },
          { path: 'search', lazy: lazyScreen(() => import('../features/content/routes/search')) },
          { path: '*', element: <NotFound /> },
        ],
      },
      {
        element: <StandaloneLayout />,
        errorElement: <RouteError />,
        children: [
          { path: segmentOf(paths.login), lazy: lazyScreen(() => import('../features/auth/routes/login')) },
          { path: 'register', lazy: lazyScreen(() => import('../features/company/routes/register')) },
          { path: segmentOf(paths.forgotPassword), lazy: lazyScreen(() => import('../features/auth/routes/forgot-password')) },
          { path: 'reset-password/:reset_token', lazy: lazyScreen(() => import('../features/auth/routes/reset-password')) },
          { path: 'thanks', lazy: lazyScreen(() => import('../features/auth/routes/thanks')) },
          { path: 'qr/scan/:comId/:code', lazy: lazyScreen(() => import('../features/qr/routes/qr-scan')) },
        ],
      },
      {
        path: segmentOf(paths.dashboard.root),
        lazy: lazyScreen(() => import('./layouts/dashboard-layout')),
        // No errorElement on a lazy route: React Router keeps a route whose lazy() failed pending and renders
        // nothing (a blank page); the failure goes to the root's error screen instead (see lib/lazy.ts).
        children: [
          { index: true, lazy: lazyScreen(() => import('./routes/dashboard-overview')) },
          { path: 'news', lazy: lazyScreen(() => import('../features/content/routes/dashboard-news')) },
          { path: 'info/fees', lazy: lazyScreen(() => import('./routes/info-fees')) },
          { path: 'info/:page', lazy: lazyScreen(() => import('../features/content/routes/dashboard-info')) },
          {
            path: segmentOf(paths.dashboard.submitDocument, paths.dashboard.root),
            lazy: lazyScreen(() => import('../features/submissions/routes/submit-document')),
          },
          { path: 'submit-document/detail/:sub_id', lazy: lazyScreen(() => import('../features/submissions/routes/submission-detail')) },
          { path: 'submit-document-history', lazy: lazyScreen(() => import('../features/submissions/routes/submission-history')) },
          {
            path: segmentOf(paths.dashboard.createNotes, paths.dashboard.root),
            lazy: lazyScreen(() => import('../features/notes/routes/create-notes')),
          },
          { path: 'notes-document-history', lazy: lazyScreen(() => import('../features/notes/routes/notes-history')) },
          { path: 'all-document-history', lazy: lazyScreen(() => import('./routes/all-documents')) },
          { path: segmentOf(paths.dashboard.booking, paths.dashboard.root), lazy: lazyScreen(() => import('../features/bookings/routes/booking')) },
          {
            path: segmentOf(paths.dashboard.finishedBookings, paths.dashboard.root),
            lazy: lazyScreen(() => import('../features/bookings/routes/finished-bookings')),
          },
          {
            path: segmentOf(paths.dashboard.payment, paths.dashboard.root),
            lazy: lazyScreen(() => import('../features/payments/routes/service-payment')),
          },
          { path: 'guide-book', lazy: lazyScreen(() => import('../features/library/routes/guide-book')) },
          { path: 'law-book', lazy: lazyScreen(() => import('../features/library/routes/law-book')) },
          { path: 'accounting-license', lazy: lazyScreen(() => import('../features/library/routes/accounting-license')) },
          { path: 'settings', lazy: lazyScreen(() => import('./routes/company-settings')) },
          { path: 'document-viewer/:sub_id/:uuid', lazy: lazyScreen(() => import('./routes/document-viewer')) },
          { path: 'document-viewer/other/:sub_id/:uuid', lazy: lazyScreen(() => import('./routes/document-viewer')) },
          { path: '*', element: <NotFound home={paths.dashboard.root} /> },
        ],
      },
      {
        path: segmentOf(paths.staff.root),
        lazy: lazyScreen(() => import('./layouts/staff-layout')),
        // No errorElement here either (see the dashboard).
        children: [
          { index: true, lazy: lazyScreen(() => import('../features/backoffice/routes/overview')) },
          { path: 'submissions', lazy: lazyScreen(() => import('../features/submissions/routes/staff-queue')) },
          { path: 'submissions/:id', lazy: lazyScreen(() => import('../features/submissions/routes/staff-submission')) },
          { path: 'notes', lazy: lazyScreen(() => import('../features/notes/routes/staff-queue')) },
          { path: 'notes/:id', lazy: lazyScreen(() => import('../features/notes/routes/staff-notes')) },
          { path: segmentOf(paths.staff.content, paths.staff.root), lazy: lazyScreen(() => import('./routes/staff-content')) },
          { path: segmentOf(paths.staff.library, paths.staff.root), lazy: lazyScreen(() => import('./routes/staff-library')) },
          { path: segmentOf(paths.staff.reference, paths.staff.root), lazy: lazyScreen(() => import('./routes/staff-reference')) },
          { path: 'companies', lazy: lazyScreen(() => import('../features/backoffice/routes/companies')) },
          { path: 'companies/:id', lazy: lazyScreen(() => import('./routes/staff-company')) },
          { path: 'reports', lazy: lazyScreen(() => import('../features/backoffice/routes/reports')) },
          { path: segmentOf(paths.staff.accounts, paths.staff.root), lazy: lazyScreen(() => import('../features/auth/routes/staff-accounts')) },
          { path: segmentOf(paths.staff.apiKeys, paths.staff.root), lazy: lazyScreen(() => import('../features/api-keys/routes/api-keys')) },
          { path: segmentOf(paths.staff.bookings, paths.staff.root), lazy: lazyScreen(() => import('../features/bookings/routes/staff-bookings')) },
          { path: segmentOf(paths.staff.invoices, paths.staff.root), lazy: lazyScreen(() => import('./routes/staff-invoices')) },
          // a sibling of the list, not its child: the list has no <Outlet/> and must not stay on screen
          { path: 'invoices/:id', lazy: lazyScreen(() => import('./routes/staff-invoice')) },
          { path: 'audit', lazy: lazyScreen(() => import('../features/audit/routes/staff-audit')) },
          { path: segmentOf(paths.staff.webhooks, paths.staff.root), lazy: lazyScreen(() => import('../features/webhooks/routes/staff-webhooks')) },
          { path: '*', element: <NotFound home={paths.staff.root} /> },
        ],
      },
    ],
  },
];
