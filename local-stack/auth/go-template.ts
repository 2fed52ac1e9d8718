// Go's html/template as GoTrue renders mail templates: the implementation lives with the Send
// Email hook, which renders the same templates on a hosted project (see that file).
export * from '../../supabase/functions/send-email/go-template.ts';
