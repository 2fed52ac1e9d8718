import useSWR from 'swr';
import { getMyChismes, profileKeys } from '../api/get-my-chismes';

export function useMyChismes(userId: string, cotilleo: boolean) {
  return useSWR(profileKeys.myChismes(userId, cotilleo), getMyChismes);
}
