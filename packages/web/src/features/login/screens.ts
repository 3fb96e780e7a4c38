export { LoginPage } from './LoginPage.tsx';
export { RegisterPage } from './RegisterPage.tsx';
