/** The domain events submissions publish (decision 195), each with the company's news (the bell); their subscribers are listed in modules/subscribers.ts. */
declare module '../events/events.service' {
  interface DomainEventMap {
    /** a company submitted (or resubmitted) its annual submission: subject `submission`, the company set */
    'submission.submitted': { bookYear: number; reference: string; resubmitted: boolean };
    /** staff returned the submission to the company with reasons */
    'submission.returned': { bookYear: number; reference: string };
    /** staff accepted the submission; its receipt is stored (the file's id) and mailed */
    'submission.accepted': { bookYear: number; reference: string; receiptFileId: string };
  }
}

export {};
