import { LibraryReader } from '../components/library-reader';

/** /dashboard/guide-book */
export default function GuideBookScreen() {
  return <LibraryReader category="guide" titleKey="dashboard.nav.guideBook" />;
}
