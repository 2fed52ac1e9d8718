// /terminos: terms and privacy (its own chunk; public).
import { TermsScreen } from '../../features/terms/components/terms-screen';

export function TermsRoute() {
  return <TermsScreen />;
}
