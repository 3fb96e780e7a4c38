export { ProfilePage } from './ProfilePage.tsx';
export { RoleListPage } from './RoleListPage.tsx';
export { UserListPage } from './UserListPage.tsx';
