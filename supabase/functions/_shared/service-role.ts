// The calls only the service role may make, shared by the functions that make them (each says
// where it calls them why no user may): a database function granted to service_role alone, and
// removing chisme images from the bucket (clients can never delete bucket objects).
import { createServiceClient } from './supabase-clients.ts';

/** Runs a database function as the service role; its answer, or an Error naming it. */
export async function serviceRpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await createServiceClient().rpc(name, args);
  if (error) throw new Error(`${name} failed: ${error.code ?? ''} ${error.message}`);
  return data as T;
}

/** Removes these objects (named by their chisme ids) from the chismes bucket through Storage. */
export async function removeChismeImages(names: string[]): Promise<void> {
  const { error } = await createServiceClient().storage.from('chismes').remove(names);
  if (error) throw error;
}
