// The auth modal: login and register views that switch between each other.
import { Modal } from '@mantine/core';
import { useState } from 'react';
import { auth } from '../../../i18n/es/auth';
import { common } from '../../../i18n/es/common';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export function AuthModal({ onClose, initialView = 'login' }: { onClose: () => void; initialView?: 'login' | 'register' }) {
  const [view, setView] = useState(initialView);
  return (
    <Modal opened onClose={onClose} title={view === 'login' ? auth.loginTitle : auth.registerTitle} closeButtonProps={{ 'aria-label': common.close }} centered>
      {view === 'login' ? (
        <LoginForm onSuccess={onClose} onSwitch={() => setView('register')} />
      ) : (
        <RegisterForm onSuccess={onClose} onSwitch={() => setView('login')} />
      )}
    </Modal>
  );
}
