/** The domain events notes publish (decision 195); their subscribers are listed in modules/subscribers.ts and the feeds. */
declare module '../events/events.service' {
  interface DomainEventMap {
    /** staff accepted a company's notes to the financial statements: subject `notes`; the accepted PDF's file id */
    'notes.accepted': { bookYear: number; pdfFileId: string };
  }
}

export {};
