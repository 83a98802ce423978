// The shell's pages in its server bundle (rspack.config.mjs puts this module in place of
// shellPages.tsx there): the same pages, imported at once instead of lazily, so the server renders
// them (a lazy page would be sent as its loading state). The browser loads each one lazily and
// hydrates the server's elements once it is there.
import type { ComponentType } from 'react';
import type { PageOf } from '@circo/shared-contracts';
import { MaintenancePage } from './pages/MaintenancePage';
import { LoginPage } from './pages/account/LoginPage';
import { RegisterPage } from './pages/account/RegisterPage';
import { RegisterSuccessPage } from './pages/account/RegisterSuccessPage';
import { ForgotPasswordPage } from './pages/account/ForgotPasswordPage';
import { ResetPasswordPage } from './pages/account/ResetPasswordPage';

export const shellPages: Record<PageOf<'shell'>, ComponentType> = {
  login: LoginPage,
  register: RegisterPage,
  registerSuccess: RegisterSuccessPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  maintenance: MaintenancePage,
};
