import type { ComponentType } from 'react';
import type { PageOf } from '@circo/shared-contracts';
import { MaintenancePage } from './pages/MaintenancePage';
import { LoginPage } from './pages/account/LoginPage';
import { RegisterPage } from './pages/account/RegisterPage';
import { RegisterSuccessPage } from './pages/account/RegisterSuccessPage';
import { ForgotPasswordPage } from './pages/account/ForgotPasswordPage';
import { ResetPasswordPage } from './pages/account/ResetPasswordPage';

/** The pages the shell itself owns (account flows and maintenance). */
export const shellPages: Record<PageOf<'shell'>, ComponentType> = {
  login: LoginPage,
  register: RegisterPage,
  registerSuccess: RegisterSuccessPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  maintenance: MaintenancePage,
};
