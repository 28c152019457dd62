import {
  BookingPaths,
  INVOICE_OWNER,
  PaymentPaths,
  SLIP_SLOT,
  vientianeDate,
  type Booking,
  type InvoiceList,
  type SlotList,
  type StaffInvoice,
} from '@bansi/shared';
import type { FastifyInstance } from 'fastify';
import { deliverSignedNotification } from '../payments';
import type { Client } from './backoffice.demo-client';

/** Clients of the demo companies that submitted, by the state their submission was left in. */
export interface DemoClients {
  staff: Client;
  submitted: Client;
  inReview: Client;
  returned: Client;
  accepted: Client;
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Invoices, payments and bookings in every state, made through the API as users and the bank make
 * them (issue 16: "as those features land"). Each submitting company was billed its annual review fee
 * by its first submit; from there: the accepted company paid by LAO QR (a signed notification; its
 * receipt is made by the jobs worker once the server runs), the submitted company sent a transfer
 * slip staff have to check, the returned company has an overdue invoice staff issued, the company in
 * review has a voided one, and the bank sent one notification no invoice matches. Bookings: the
 * submitted company booked the next free slot; the accepted one's documents were received.
 */
export async function seedDemoBilling(app: FastifyInstance, c: DemoClients) {
  const openInvoiceOf = async (client: Client) => ((await client.ok('GET', `${PaymentPaths.invoices}?status=open`)).json() as InvoiceList).items[0];
  const companyIdOf = async (client: Client) => ((await client.ok('GET', '/companies/me')).json() as { id: string }).id;

  // paid by LAO QR: a real signed notification, as the bank sends it
  const acceptedInvoice = await openInvoiceOf(c.accepted);
  if (acceptedInvoice) {
    await notify(app, { billNumber: acceptedInvoice.number, amount: acceptedInvoice.total, transactionId: 'DEMO-BCEL-0001' });
  }
  // a notification that matches nothing: a mistyped bill number, waiting for staff
  await notify(app, { billNumber: 'INV-2020-999999', amount: 1_500_000, transactionId: 'DEMO-BCEL-0002' });

  // a transfer slip waiting for staff
  const submittedInvoice = await openInvoiceOf(c.submitted);
  if (submittedInvoice) {
    await c.submitted.upload(
      { ownerKind: INVOICE_OWNER, ownerId: submittedInvoice.id, slot: SLIP_SLOT, filename: 'transfer-slip.png' },
      DEMO_SLIP_PNG,
    );
  }

  // an overdue invoice and a voided one, issued by staff
  const today = vientianeDate(new Date());
  await c.staff.ok('POST', PaymentPaths.staffInvoices, {
    companyId: await companyIdOf(c.returned),
    lines: [{ description: 'ຄ່າທີ່ປຶກສາ ການປັບປຸງບັນຊີ · Advice on restating the accounts', amount: 750_000 }],
    dueDate: addDays(today, -10),
  });
  const wrong = (
    await c.staff.ok('POST', PaymentPaths.staffInvoices, {
      companyId: await companyIdOf(c.inReview),
      lines: [{ description: 'Courier', amount: 35_000 }],
      dueDate: addDays(today, 20),
    })
  ).json() as StaffInvoice;
  await c.staff.ok('POST', PaymentPaths.staffAction(wrong.id, 'void'), { reason: 'ອອກຊ້ຳ · Issued twice by mistake' });

  // bookings: the next free slots of the coming weeks
  const slots = ((await c.submitted.ok('GET', `${BookingPaths.slots}?from=${today}&to=${addDays(today, 30)}`)).json() as SlotList).items.filter(
    (s) => s.remaining > 0,
  );
  const book = (client: Client, start: string, documentCount: number) =>
    client.ok('POST', BookingPaths.list, {
      slotStart: start,
      method: 'in_person',
      documentCount,
      contactName: 'ນ. ພອນທິບ ແສງສະຫວ່າງ',
      contactPhone: '+856 20 5600 0012',
    });
  if (slots[0]) await book(c.submitted, slots[0].start, 4);
  if (slots[1]) {
    const received = (await book(c.accepted, slots[1].start, 5)).json() as Booking;
    await c.staff.ok('POST', BookingPaths.staffAction(received.id, 'receive'), { receivedCount: 5, note: 'ຄົບຖ້ວນ · All originals received' });
  }
}

async function notify(app: FastifyInstance, n: { billNumber: string; amount: number; transactionId: string }) {
  await deliverSignedNotification(app, { provider: 'bcel', currency: '418', paidAt: new Date().toISOString(), ...n }, 'demo seed');
}

/** A tiny PNG standing in for a photographed transfer slip (demo data only). */
const DEMO_SLIP_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
