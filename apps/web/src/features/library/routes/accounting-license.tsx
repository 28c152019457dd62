import { LibraryReader } from '../components/library-reader';

/** /dashboard/accounting-license */
export default function LicenseScreen() {
  return <LibraryReader category="license" titleKey="dashboard.nav.license" />;
}
