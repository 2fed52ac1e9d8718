// The local stack's keys at their public path (bench/, e2e/, scripts/, tests/integration and
// supabase/functions/_tests import them from here); defined in shared/keys.ts.
export * from './shared/keys.ts';
