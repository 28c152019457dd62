export * from './errors';
export * from './i18n';
export * from './contracts/common';
export * from './contracts/platform';
export * from './roles';
export * from './contracts/auth';
