/** The domain events submissions publish (decision 195); their subscribers are listed in modules/subscribers.ts. */
declare module '../events/events.service' {
  interface DomainEventMap {
    /** a company submitted (or resubmitted) its annual submission: subject `submission`, the company set */
    'submission.submitted': { bookYear: number; reference: string; resubmitted: boolean };
  }
}

export {};
