export { RoleGate, useHasNoRoles } from './RoleGate.tsx';
