import {
  BookingListQuery,
  BookingPage,
  BookingPaths,
  Booking,
  BookingSettings,
  BookingSettingsView,
  CreateBookingRequest,
  CreateHolidayRequest,
  CreatedHoliday,
  HolidayList,
  HolidayQuery,
  IdParams,
  NoContent,
  ReceiveBookingRequest,
  RescheduleBookingRequest,
  SlotList,
  SlotsQuery,
  StaffBooking,
  StaffBookingPage,
  StaffBookingsQuery,
} from '@bansi/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { documentLanguage, requestLanguage } from '../../lib/i18n';
import { companyOf } from '../../plugins/access';
import { renderCoverSheet } from './bookings.cover-sheet';
import './bookings.qr';
import {
  cancelBooking,
  createBooking,
  createHoliday,
  deleteHoliday,
  getBooking,
  getCalendarFile,
  getHolidays,
  getSettings,
  getSlots,
  getStaffBooking,
  listBookings,
  receiveBooking,
  rescheduleBooking,
  staffCancelBooking,
  staffListBookings,
  staffRescheduleBooking,
  updateSettings,
} from './bookings.service';

/** Booking the hand-in of paper documents (issue 14): company side, staff side, settings and holidays. */
const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['bookings'];
  const staffTags = ['staff: bookings'];
  const lang = (request: FastifyRequest) => requestLanguage(request.headers['accept-language']);
  const company = { audience: 'company' as const };
  const staff = { audience: 'staff' as const };
  const staffAdmin = { audience: 'staffAdmin' as const };
  /** the staff reads an API key with bookings:read may call too (decision 240) */
  const staffRead = { audience: 'staff' as const, scope: 'bookings:read' as const };

  // --- company ---
  app.get(
    BookingPaths.slots,
    {
      config: company,
      schema: {
        tags,
        summary: 'Bookable slots of the Vientiane dates from…to (at most 62 days), with the places left (ISO UTC)',
        querystring: SlotsQuery,
        response: { 200: SlotList },
      },
    },
    async (request) => getSlots(deps, request.query),
  );

  app.get(
    BookingPaths.list,
    {
      config: company,
      schema: {
        tags,
        summary: "The company's bookings: upcoming, finished (received) or cancelled",
        querystring: BookingListQuery,
        response: { 200: BookingPage },
      },
    },
    async (request) => listBookings(deps, companyOf(request.principal), request.query, lang(request)),
  );

  app.post(
    BookingPaths.list,
    {
      config: company,
      schema: {
        tags,
        summary:
          'Book a slot: 409 SLOT_FULL / BOOKING_DUPLICATE; 400 with field errors for a weekend, holiday, time outside hours, too soon or past the horizon',
        body: CreateBookingRequest,
        response: { 201: Booking },
      },
    },
    async (request, reply) => reply.code(201).send(await createBooking(deps, actorOf(request), request.principal!, request.body, lang(request))),
  );

  app.get(
    BookingPaths.one(':id'),
    { config: company, schema: { tags, summary: "One of the company's bookings", params: IdParams, response: { 200: Booking } } },
    async (request) => getBooking(deps, request.principal!, request.params.id),
  );

  app.post(
    BookingPaths.action(':id', 'cancel'),
    {
      config: company,
      schema: { tags, summary: 'Cancel until the cut-off (409 BOOKING_CUTOFF after)', params: IdParams, response: { 200: Booking } },
    },
    async (request) => cancelBooking(deps, actorOf(request), request.principal!, request.params.id),
  );

  app.post(
    BookingPaths.action(':id', 'reschedule'),
    {
      config: company,
      schema: {
        tags,
        summary: 'Move to another slot until the cut-off',
        params: IdParams,
        body: RescheduleBookingRequest,
        response: { 200: Booking },
      },
    },
    async (request) => rescheduleBooking(deps, actorOf(request), request.principal!, request.params.id, request.body.slotStart, lang(request)),
  );

  const calendar = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const { ics, fileName } = await getCalendarFile(deps, request.principal!, request.params.id, documentLanguage(request));
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(ics);
  };
  app.get(
    BookingPaths.calendar(':id'),
    { config: company, schema: { tags, summary: 'The booking as an .ics calendar file (a cancelled event after a cancel)', params: IdParams } },
    calendar,
  );

  const coverSheet = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const { pdf, fileName } = await renderCoverSheet(deps, request.principal!, request.params.id, documentLanguage(request));
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  };
  app.get(
    BookingPaths.coverSheet(':id'),
    { config: company, schema: { tags, summary: 'The printable cover sheet (PDF) with the QR code', params: IdParams } },
    coverSheet,
  );

  // --- staff ---
  app.get(
    BookingPaths.staffList,
    {
      config: staffRead,
      schema: {
        tags: staffTags,
        summary: "A day's bookings (Vientiane date; today by default)",
        querystring: StaffBookingsQuery,
        response: { 200: StaffBookingPage },
      },
    },
    async (request) => staffListBookings(deps, request.query, lang(request)),
  );

  app.get(
    BookingPaths.staffOne(':id'),
    { config: staffRead, schema: { tags: staffTags, summary: 'One booking (staff)', params: IdParams, response: { 200: StaffBooking } } },
    async (request) => getStaffBooking(deps, request.principal!, request.params.id),
  );

  app.post(
    BookingPaths.staffAction(':id', 'receive'),
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary: 'Mark the documents received',
        params: IdParams,
        body: ReceiveBookingRequest,
        response: { 200: StaffBooking },
      },
    },
    async (request) => receiveBooking(deps, actorOf(request), request.principal!, request.params.id, request.body),
  );

  app.post(
    BookingPaths.staffAction(':id', 'cancel'),
    {
      config: staff,
      schema: { tags: staffTags, summary: 'Cancel (staff are not bound by the cut-off)', params: IdParams, response: { 200: StaffBooking } },
    },
    async (request) => staffCancelBooking(deps, actorOf(request), request.principal!, request.params.id),
  );

  app.post(
    BookingPaths.staffAction(':id', 'reschedule'),
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary: 'Move to another slot (staff are not bound by the cut-off)',
        params: IdParams,
        body: RescheduleBookingRequest,
        response: { 200: StaffBooking },
      },
    },
    async (request) => staffRescheduleBooking(deps, actorOf(request), request.principal!, request.params.id, request.body.slotStart, lang(request)),
  );

  app.get(
    BookingPaths.staffAction(':id', 'cover-sheet'),
    { config: staff, schema: { tags: staffTags, summary: "The booking's cover sheet (PDF)", params: IdParams } },
    coverSheet,
  );
  app.get(
    BookingPaths.staffAction(':id', 'calendar'),
    { config: staff, schema: { tags: staffTags, summary: 'The booking as a calendar file (.ics)', params: IdParams } },
    calendar,
  );

  app.get(
    BookingPaths.holidays,
    {
      config: staff,
      schema: { tags: staffTags, summary: 'Holidays (no bookings on them)', querystring: HolidayQuery, response: { 200: HolidayList } },
    },
    async (request) => getHolidays(deps, request.query.year),
  );

  app.post(
    BookingPaths.holidays,
    {
      config: staffAdmin,
      schema: {
        tags: staffTags,
        summary: 'Close a day (400 when it is already a holiday; 409 HOLIDAY_HAS_BOOKINGS when the day has bookings and cancelBookings is not set)',
        body: CreateHolidayRequest,
        response: { 201: CreatedHoliday },
      },
    },
    async (request, reply) => reply.code(201).send(await createHoliday(deps, actorOf(request), request.body, lang(request))),
  );

  app.delete(
    BookingPaths.holiday(':id'),
    {
      config: staffAdmin,
      schema: { tags: staffTags, summary: 'Remove a holiday (409 while bookings fall on it)', params: IdParams, response: { 204: NoContent } },
    },
    async (request, reply) => {
      await deleteHoliday(deps, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    BookingPaths.settings,
    {
      config: staff,
      schema: { tags: staffTags, summary: 'The booking settings: counter hours, slot length, capacity', response: { 200: BookingSettingsView } },
    },
    async () => getSettings(deps),
  );

  app.put(
    BookingPaths.settings,
    {
      config: staffAdmin,
      schema: {
        tags: staffTags,
        summary: 'Slot length, capacity, notice, horizon, cut-off',
        body: BookingSettings,
        response: { 200: BookingSettingsView },
      },
    },
    async (request) => updateSettings(deps, actorOf(request), request.body),
  );
};

export default bookingsRoutes;
