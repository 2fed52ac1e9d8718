// Cotilleo mode: persisted in localStorage as a JSON boolean under "cotilleoMode" (spec section 3).
import { useLocalStorage } from '@mantine/hooks';
import { cotilleoStorageKey } from '../config/storage-keys';

export { cotilleoStorageKey };

export function useCotilleoMode() {
  return useLocalStorage<boolean>({
    key: cotilleoStorageKey,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
}
