/** The domain events payments publish (decision 195), each with the company's news (the bell); their subscribers are listed in modules/subscribers.ts. */
declare module '../events/events.service' {
  interface DomainEventMap {
    /** staff rejected the pending payment slip of an invoice: subject `invoice` */
    'slip.rejected': { number: string; slipId: string; reason: string };
    /** an invoice was paid (bank notification, an applied unmatched one, or a confirmed slip): subject `invoice` */
    'invoice.paid': { number: string; paymentId: string; amount: number; method: 'laoqr' | 'slip'; paidAt: string };
    /** a staff admin reversed the payment of a paid invoice (it is open again): subject `invoice` */
    'payment.reversed': { number: string; paymentId: string; amount: number; reason: string };
  }
}

export {};
