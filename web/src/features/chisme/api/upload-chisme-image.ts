// Upload a cotilleo image through the chisme-image edge function, reporting progress.
// XMLHttpRequest (not fetch) because only it reports upload progress.
import { env } from '../../../config/env';
import { supabase } from '../../../lib/supabase';
import { field } from '../../../lib/answer-shape';
import { ApiError } from '../../../lib/api-error';

export async function uploadChismeImage(chismeId: string, file: Blob, onProgress: (percent: number) => void): Promise<string> {
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token ?? env.supabaseAnonKey;
  const body = new FormData();
  body.append('chisme_id', chismeId);
  body.append('file', file, file instanceof File ? file.name : 'image');
  return new Promise<string>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${env.supabaseUrl}/functions/v1/chisme-image`);
    request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('apikey', env.supabaseAnonKey);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new ApiError('network', null));
    request.onload = () => {
      // `{ path }`, or `{ error: { code, message } }` (docs/api.md, "Storage and functions").
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Non-JSON body: fall through to the status check.
      }
      const path = field(body, 'path');
      const code = field(field(body, 'error'), 'code');
      if (request.status >= 200 && request.status < 300 && typeof path === 'string' && path !== '') resolve(path);
      else reject(new ApiError(typeof code === 'string' ? code : 'upload_failed', null, request.status));
    };
    request.send(body);
  });
}
