// SWR key of one chisme as the caller sees it (a shared link, the comments dialog's header),
// apart from the fetcher so index.html's first-load script can be built with it
// (web/vite-plugins/first-load.ts) and a screen can name it without loading supabase-js.
export const chismeKeys = {
  one: (chismeId: string) => ['chisme', chismeId] as const,
};
