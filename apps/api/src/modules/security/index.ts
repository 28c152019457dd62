/** The public face of the security module: other modules import only what is exported here (decision 197). */
export { accountLoginKeys, isLoginLocked, loginKey, recordLoginFailure } from './login-throttle';
export { clearLoginFailures } from './security.repository';
export { databaseRateLimitStore } from './rate-limit.store';
