// A short-lived URL for a cotilleo image, issued by the chisme-image-url edge function (clients
// cannot sign URLs for the bucket themselves). The server signs it for at most 60 s and never
// past the chisme's 20 minutes; after them it answers 410 and the image is purged.
import { supabase } from '../../../lib/supabase';
import { ApiError } from '../../../lib/api-error';
import { functionCallError } from '../../../lib/function-call-error';

export async function getChismeImageUrl(chismeId: string): Promise<string> {
  const { data, error } = await supabase.functions.invoke<{ url?: string }>('chisme-image-url', {
    body: { chisme_id: chismeId },
  });
  if (error) throw await functionCallError(error, 'storage_error');
  if (!data?.url) throw new ApiError('storage_error', null);
  return data.url;
}
