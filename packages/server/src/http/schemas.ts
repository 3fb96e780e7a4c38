/**
 * The one error schema lives with the rest of the contract in common/src/api/shared.ts; re-exported
 * here for the routes that import it from the http layer.
 */
export { ErrorBody as ErrorBodySchema, errorResponses } from '@vitrina/common/api/shared';
