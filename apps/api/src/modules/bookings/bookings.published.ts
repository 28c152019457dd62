/** The domain events bookings publish (decision 195); their subscribers are listed in modules/subscribers.ts. */
declare module '../events/events.service' {
  interface DomainEventMap {
    /** staff marked the paper documents of a booking received: subject `booking`; with news for the company when fewer came than booked or the counter left a note */
    'booking.received': { reference: string; receivedCount: number; documentCount: number };
  }
}

export {};
