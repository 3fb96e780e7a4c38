export { DataAccessError, registerAccessErrors } from './DataAccessError.tsx';
export { RoleGate, useHasNoRoles } from './RoleGate.tsx';
