// Renders the one open app-wide dialog; each dialog is its own lazily loaded chunk.
import { lazy, Suspense } from 'react';
import { closeDialog, openDialog, useDialog } from '../../hooks/use-dialogs';
import { useCotilleoMode } from '../../hooks/use-cotilleo-mode';
import { useDetectedCountry } from '../../features/country/hooks/use-detected-country';

const AuthModal = lazy(() => import('../../features/auth/components/auth-modal').then((m) => ({ default: m.AuthModal })));
const AboutModal = lazy(() => import('../../features/settings/components/about-modal').then((m) => ({ default: m.AboutModal })));
const FilterModal = lazy(() => import('../../features/filters/components/filter-modal').then((m) => ({ default: m.FilterModal })));
const NewChismeDialog = lazy(() => import('../../features/chisme/components/new-chisme-dialog').then((m) => ({ default: m.NewChismeDialog })));
const FileViewer = lazy(() => import('../../features/chisme/components/file-viewer').then((m) => ({ default: m.FileViewer })));
const CrisisSupportDialog = lazy(() => import('../../features/crisis/components/crisis-support-dialog').then((m) => ({ default: m.CrisisSupportDialog })));
const CommentsDialog = lazy(() => import('./comments-dialog-host').then((m) => ({ default: m.CommentsDialogHost })));

export function DialogHost({ signedIn }: { signedIn: boolean }) {
  const dialog = useDialog();
  const [cotilleo] = useCotilleoMode();
  const country = useDetectedCountry(signedIn && (dialog.kind === 'new-chisme' || dialog.kind === 'comments' || dialog.kind === 'crisis-support'));
  return (
    <Suspense fallback={null}>
      {dialog.kind === 'auth' && !signedIn && <AuthModal onClose={closeDialog} initialView={dialog.view} />}
      {dialog.kind === 'about' && <AboutModal onClose={closeDialog} />}
      {dialog.kind === 'filters' && signedIn && <FilterModal onClose={closeDialog} />}
      {dialog.kind === 'new-chisme' && signedIn && <NewChismeDialog onClose={closeDialog} cotilleo={cotilleo} country={country} />}
      {dialog.kind === 'file-viewer' && signedIn && <FileViewer chismeId={dialog.chismeId} onClose={closeDialog} />}
      {dialog.kind === 'crisis-support' && signedIn && (
        <CrisisSupportDialog country={country} asReader={dialog.asReader} onClose={() => (dialog.then ? openDialog(dialog.then) : closeDialog())} />
      )}
      {dialog.kind === 'comments' && signedIn && <CommentsDialog chismeId={dialog.chismeId} onClose={closeDialog} cotilleo={cotilleo} country={country} />}
    </Suspense>
  );
}
