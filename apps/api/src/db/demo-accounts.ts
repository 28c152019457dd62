/** The demo's accounts; README.md states them. */
export const DEMO_ACCOUNTS = {
  company: { email: 'demo@bansi.example', password: 'Demo-Bansi-2024!' },
  staffAdmin: { email: 'admin@bansi.example', password: 'Admin-Bansi-2024!' },
  staffReviewer: { email: 'reviewer@bansi.example', password: 'Reviewer-Bansi-2024!' },
} as const;
