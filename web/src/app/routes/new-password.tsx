// /nueva-contrasena: the recovery link's landing (features/auth/components/new-password-screen.tsx).
import { Navigate, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { NewPasswordScreen } from '../../features/auth/components/new-password-screen';
import { auth } from '../../i18n/es/auth';
import { useSession } from '../../lib/auth';
import { authRedirectAtStart, forgetAuthRedirect } from '../../lib/auth-redirect';
import { toast } from '../../lib/toast';
import { AuthCheckPending } from '../guards';

export function NewPasswordRoute() {
  const session = useSession();
  const navigate = useNavigate();
  if (session.status === 'loading') return <AuthCheckPending />;
  const fromLink = authRedirectAtStart().type === 'recovery';
  if (session.status === 'signed-in' && !fromLink) return <Navigate to={paths.feed.recent} replace />;
  const saved = () => {
    forgetAuthRedirect();
    toast.success(auth.passwordSaved);
    void navigate(paths.feed.recent, { replace: true });
  };
  return <NewPasswordScreen recovering={session.status === 'signed-in'} onSaved={saved} />;
}
