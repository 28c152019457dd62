/** The domain events notes publish (decision 195), with the company's news (the bell); subscribers are in modules/subscribers.ts. */
declare module '../events/events.service' {
  interface DomainEventMap {
    /** staff returned the notes to the company with reasons and comments */
    'notes.returned': { bookYear: number };
    /** staff accepted the notes to the financial statements of a book year: subject `notes`; their PDF is stored (the file's id) and mailed */
    'notes.accepted': { bookYear: number; pdfFileId: string };
  }
}

export {};
