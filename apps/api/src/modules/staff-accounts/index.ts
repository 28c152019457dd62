/** The public face of the staff-accounts module: other modules import only what is exported here (decision 197). */
export { createStaffCommand } from './staff-accounts.cli';
export { createStaffWithPassword } from './staff-accounts.service';
export { default as staffAccountsRoutes } from './staff-accounts.routes';
export { staffDemoSeed } from './staff-accounts.seed';
