/** The domain events notes publish (decision 195); their subscribers are listed in modules/subscribers.ts. */
declare module '../events/events.service' {
  interface DomainEventMap {
    /** staff accepted the notes to the financial statements of a book year: subject `notes`; their PDF is stored (the file's id) and mailed */
    'notes.accepted': { bookYear: number; pdfFileId: string };
  }
}

export {};
