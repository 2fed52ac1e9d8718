// A short-lived signed URL for a cotilleo image (refused by storage RLS after 20 minutes).
import { supabase } from '../../../lib/supabase';
import { ApiError } from '../../../lib/api-error';
import { limits } from '../../../config/limits';

export async function getChismeImageUrl(chismeId: string): Promise<string> {
  const { data, error } = await supabase.storage.from('chismes').createSignedUrl(chismeId, limits.signedUrlSeconds);
  if (error) {
    const status = Number((error as { statusCode?: string | number }).statusCode ?? (error as { status?: number }).status);
    throw new ApiError('storage_error', null, Number.isNaN(status) ? undefined : status);
  }
  return data.signedUrl;
}
