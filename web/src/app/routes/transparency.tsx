// /transparencia: the public transparency report (its own chunk; public).
import { TransparencyScreen } from '../../features/transparency/components/transparency-screen';

export function TransparencyRoute() {
  return <TransparencyScreen />;
}
