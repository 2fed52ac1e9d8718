import { createSendEmailHandler } from './handler.ts';
import { createNoticeMailHandler, isNoticesRoute } from './notices-handler.ts';
import { supabaseNoticeMailDeps, supabaseSendEmailDeps } from './supabase-deps.ts';

const authHook = createSendEmailHandler(supabaseSendEmailDeps);
const noticeMails = createNoticeMailHandler(supabaseNoticeMailDeps);

Deno.serve((request) => (isNoticesRoute(request) ? noticeMails(request) : authHook(request)));
