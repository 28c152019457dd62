import { InfoPage } from '../../features/content/routes/dashboard-info';
import { CurrentFees } from '../../features/payments/components/current-fees';

/**
 * /dashboard/info/fees: the staff's fees page, with the fee schedule in force under it (from the payments
 * feature's data, so the page always shows what an invoice would charge). Composed here: two features.
 */
export default function InfoFeesRoute() {
  return (
    <InfoPage pageKey="fees">
      <CurrentFees />
    </InfoPage>
  );
}
