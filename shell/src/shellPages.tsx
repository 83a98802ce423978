import { lazy, type ComponentType } from 'react';
import type { PageOf } from '@circo/shared-contracts';
import { MaintenancePage } from './pages/MaintenancePage';

// the account pages (and their form library) load only when one of them is opened
const LoginPage = lazy(() =>
  import('./pages/account/LoginPage').then((m) => ({ default: m.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('./pages/account/RegisterPage').then((m) => ({ default: m.RegisterPage })),
);
const RegisterSuccessPage = lazy(() =>
  import('./pages/account/RegisterSuccessPage').then((m) => ({ default: m.RegisterSuccessPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('./pages/account/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./pages/account/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);

/** The pages the shell itself owns (account flows and maintenance). */
export const shellPages: Record<PageOf<'shell'>, ComponentType> = {
  login: LoginPage,
  register: RegisterPage,
  registerSuccess: RegisterSuccessPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  maintenance: MaintenancePage,
};
