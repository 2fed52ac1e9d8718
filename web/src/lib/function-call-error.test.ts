import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { functionCallError } from './function-call-error';

const answered = (status: number, body: string) => new FunctionsHttpError(new Response(body, { status }));

describe('functionCallError', () => {
  it("carries the function's error code and status", async () => {
    const error = await functionCallError(answered(400, JSON.stringify({ error: { code: 'password_invalid', message: '…' } })), 'delete_failed');
    expect([error.key, error.status]).toEqual(['password_invalid', 400]);
  });

  it('falls back to the given key when the answer has no code', async () => {
    for (const body of ['', 'Bad Gateway', JSON.stringify({ error: {} })]) {
      const error = await functionCallError(answered(502, body), 'storage_error');
      expect([error.key, error.status]).toEqual(['storage_error', 502]);
    }
  });

  it('is network when no answer came', async () => {
    const error = await functionCallError(new FunctionsFetchError(new TypeError('Failed to fetch')), 'delete_failed');
    expect([error.key, error.status]).toEqual(['network', undefined]);
  });
});
