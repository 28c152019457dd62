import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFound } from '../components/not-found';
import { PageSpinner } from '../components/page-spinner';
import { RouteError } from '../components/route-error';
import { paths } from '../config/paths';
import { lazyScreen } from '../lib/lazy';
import { PublicLayout } from './layouts/public-layout';
import { StandaloneLayout } from './layouts/standalone-layout';

/** A screen still waiting for its feature: the real layout with an honest "coming soon". */
const comingSoon = (titleKey: string): Pick<RouteObject, 'lazy'> => ({
  lazy: lazyScreen(() =>
    import('./routes/coming-soon-screen').then(({ ComingSoonScreen }) => ({
      default: () => <ComingSoonScreen titleKey={titleKey} />,
    })),
  ),
});

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
          { path: 'about-us', ...comingSoon('nav.about') },
          { path: 'blogs', ...comingSoon('nav.news') },
          { path: 'blogs/:slug', ...comingSoon('nav.news') },
          { path: 'notification', ...comingSoon('nav.notifications') },
          { path: 'notification/:id', ...comingSoon('nav.notifications') },
          { path: '*', element: <NotFound /> },
        ],
      },
      {
        element: <StandaloneLayout />,
        errorElement: <RouteError />,
        children: [
          { path: 'login', ...comingSoon('nav.login') },
          { path: 'register', ...comingSoon('nav.register') },
          { path: 'forgot-password', ...comingSoon('auth.forgot.title') },
          { path: 'reset-password/:reset_token', ...comingSoon('auth.reset.title') },
          { path: 'thanks', ...comingSoon('auth.thanks.title') },
          { path: 'qr/scan/:comId/:code', ...comingSoon('qr.title') },
        ],
      },
      {
        path: 'dashboard',
        lazy: lazyScreen(() => import('./layouts/dashboard-layout')),
        errorElement: <RouteError />,
        children: [
          { index: true, ...comingSoon('dashboard.nav.overview') },
          { path: 'news', ...comingSoon('dashboard.nav.news') },
          { path: 'info/:page', ...comingSoon('dashboard.info.title') },
          { path: 'submit-document', ...comingSoon('dashboard.nav.submitDocument') },
          { path: 'submit-document/detail/:sub_id', ...comingSoon('dashboard.submissionDetail.title') },
          { path: 'submit-document-history', ...comingSoon('dashboard.nav.submissionHistory') },
          { path: 'create-notes-document', ...comingSoon('dashboard.nav.createNotes') },
          { path: 'notes-document-history', ...comingSoon('dashboard.nav.notesHistory') },
          { path: 'all-document-history', ...comingSoon('dashboard.nav.allDocumentHistory') },
          { path: 'sending-booking-document', ...comingSoon('dashboard.nav.booking') },
          { path: 'finish-booking-document', ...comingSoon('dashboard.nav.finishedBookings') },
          { path: 'service-payment', ...comingSoon('dashboard.nav.payment') },
          { path: 'guide-book', ...comingSoon('dashboard.nav.guideBook') },
          { path: 'law-book', ...comingSoon('dashboard.nav.lawBook') },
          { path: 'accounting-license', ...comingSoon('dashboard.nav.license') },
          { path: 'settings', ...comingSoon('dashboard.nav.settings') },
          { path: 'document-viewer/:sub_id/:uuid', ...comingSoon('dashboard.viewer.title') },
          { path: 'document-viewer/other/:sub_id/:uuid', ...comingSoon('dashboard.viewer.title') },
          { path: '*', element: <NotFound home={paths.dashboard.root} /> },
        ],
      },
      {
        path: 'staff',
        lazy: lazyScreen(() => import('./layouts/staff-layout')),
        errorElement: <RouteError />,
        children: [
          { index: true, ...comingSoon('staff.nav.overview') },
          { path: 'submissions', ...comingSoon('staff.nav.submissions') },
          { path: 'content', ...comingSoon('staff.nav.content') },
          { path: 'library', ...comingSoon('staff.nav.library') },
          { path: 'reference', ...comingSoon('staff.nav.reference') },
          { path: 'accounts', ...comingSoon('staff.nav.accounts') },
          { path: '*', element: <NotFound home={paths.staff.root} /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
