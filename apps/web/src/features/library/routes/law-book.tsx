import { LibraryReader } from '../components/library-reader';

/** /dashboard/law-book */
export default function LawBookScreen() {
  return <LibraryReader category="law" titleKey="dashboard.nav.lawBook" />;
}
