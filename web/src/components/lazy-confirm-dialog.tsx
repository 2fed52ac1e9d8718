// ConfirmDialog loaded when first asked for. Every card of a feed carries two (report, block):
// importing it statically put Mantine's Modal in the first screen's chunk (+8 KB gzip before the
// first card). Once opened it stays mounted, so it closes with its transition and gives the
// focus back to the control that opened it.
import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog';

const ConfirmDialog = lazy(() => import('./confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const [asked, setAsked] = useState(props.opened);
  if (props.opened && !asked) setAsked(true);
  return asked ? (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  ) : null;
}
