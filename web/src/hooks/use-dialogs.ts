// Which app-wide dialog is open. Features open dialogs through here; the app layout renders them.
import { createStore } from '../lib/create-store';

export type DialogState =
  | { kind: 'none' }
  | { kind: 'auth' }
  | { kind: 'about' }
  | { kind: 'filters' }
  | { kind: 'new-chisme' }
  | { kind: 'comments'; chismeId: string }
  | { kind: 'file-viewer'; chismeId: string };

export const dialogStore = createStore<DialogState>({ kind: 'none' });

export const openDialog = (state: DialogState) => dialogStore.set(state);
export const closeDialog = () => dialogStore.set({ kind: 'none' });
export const useDialog = () => dialogStore.use();
