// Which app-wide dialog is open. Features open dialogs through here; the app layout renders them
// (lazily). Focus goes back to the control that opened a dialog when it closes.
import { createStore } from '../lib/create-store';

export type DialogState =
  | { kind: 'none' }
  /** The auth modal, on its login view unless `view` says otherwise (the recovery request). */
  | { kind: 'auth'; view?: 'forgot' }
  | { kind: 'about' }
  | { kind: 'filters' }
  | { kind: 'new-chisme' }
  | { kind: 'comments'; chismeId: string }
  | { kind: 'file-viewer'; chismeId: string }
  /** The support card for text about suicide or self-harm; `then` is reopened when it closes. */
  | { kind: 'crisis-support'; asReader: boolean; then?: DialogState };

export const dialogStore = createStore<DialogState>({ kind: 'none' });

let opener: HTMLElement | null = null;

export function openDialog(state: DialogState) {
  if (dialogStore.get().kind === 'none' && document.activeElement instanceof HTMLElement) {
    opener = document.activeElement;
  }
  dialogStore.set(state);
}

/** Opens the support card over whatever dialog is open, which comes back when it closes. A
 * timer, so that a dialog closing itself right now (the new-chisme one) does not close it. */
export function openCrisisSupport(asReader: boolean) {
  setTimeout(() => {
    const current = dialogStore.get();
    // biome-ignore lint/suspicious/noThenProperty: a store value, never awaited; `then` is the dialog to return to.
    dialogStore.set({ kind: 'crisis-support', asReader, then: current.kind === 'none' || current.kind === 'crisis-support' ? undefined : current });
  }, 0);
}

export function closeDialog() {
  dialogStore.set({ kind: 'none' });
  const target = opener;
  opener = null;
  // After the dialog has unmounted; skipped when the opener left the page (e.g. a menu item).
  setTimeout(() => target?.isConnected && target.focus(), 0);
}

export const useDialog = () => dialogStore.use();
