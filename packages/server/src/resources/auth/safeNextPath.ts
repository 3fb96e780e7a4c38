/**
 * Where the login form sends the person after signing in: the one rule the web login page applies too
 * (common/src/url/safeNextPath.ts), so the login page can't be used as an open redirect.
 */
export { safeNextPath } from '@vitrina/common';
