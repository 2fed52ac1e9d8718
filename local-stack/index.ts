// The local stack's public entry point (bench/, e2e/, scripts/, tests/integration and
// supabase/functions/_tests import it by this path); the code is in runtime/stack.ts.
export { ensureStack, isStackRunning, startStack, stopStack } from './runtime/stack.ts';
