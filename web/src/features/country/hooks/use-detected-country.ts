// The detected country once needed (new post, comments); null while detecting.
import useSWR from 'swr';
import { detectCountry } from '../api/detect-country';

export const countryKeys = { detected: () => ['country', 'detected'] as const };

export function useDetectedCountry(enabled: boolean): string | null {
  const { data } = useSWR(enabled ? countryKeys.detected() : null, () => detectCountry(), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
  return data ?? null;
}
