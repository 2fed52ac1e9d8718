// The auth modal: login and register views that switch between each other, the password
// recovery request, and "Revisa tu correo" after a sign-up that waits for its confirmation.
import { Modal } from '@mantine/core';
import { useState } from 'react';
import { auth } from '../../../i18n/es/auth';
import { common } from '../../../i18n/es/common';
import { CheckInbox } from './check-inbox';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export type AuthView = 'login' | 'register' | 'forgot';
type View = AuthView | { pending: string };

const titles: Record<AuthView, string> = { login: auth.loginTitle, register: auth.registerTitle, forgot: auth.forgotTitle };

export function AuthModal({ onClose, initialView = 'login' }: { onClose: () => void; initialView?: AuthView }) {
  const [view, setView] = useState<View>(initialView);
  const toLogin = () => setView('login');
  return (
    <Modal
      opened
      onClose={onClose}
      title={typeof view === 'string' ? titles[view] : auth.checkInboxTitle}
      closeButtonProps={{ 'aria-label': common.close }}
      centered
    >
      {view === 'login' && <LoginForm onSuccess={onClose} onSwitch={() => setView('register')} onForgot={() => setView('forgot')} />}
      {view === 'register' && <RegisterForm onSuccess={onClose} onSwitch={toLogin} onPending={(email) => setView({ pending: email })} />}
      {view === 'forgot' && <ForgotPasswordForm onBack={toLogin} />}
      {typeof view === 'object' && <CheckInbox email={view.pending} onBack={toLogin} />}
    </Modal>
  );
}
