import type { InvoiceSlip, StaffInvoice } from '@bansi/shared';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../../lib/lazy';

// The dialog (the slip in the viewer, a date picker, the amount input) loads with the first opening, not
// with the invoices list (issue 29, `npm run bench:bundle`); it stays mounted after, so what was typed stays.
const SlipDialog = lazyPart(() => import('./slip-review').then((m) => m.SlipDialog));

/** "Check the slip": opens the slip check dialog. */
export function SlipReview({ invoice, slip }: { invoice: StaffInvoice; slip: InvoiceSlip }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        size="compact-sm"
        onClick={() => {
          setLoaded(true);
          open();
        }}
        data-testid="slip-review"
      >
        {t('payments.staff.checkSlip')}
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <SlipDialog invoice={invoice} slip={slip} opened={opened} close={close} />
        </Suspense>
      ) : null}
    </>
  );
}
