// SWR keys of the profile, apart from the fetcher so index.html's first-load script can be built
// with them (web/vite-plugins/first-load.ts) without the fetcher's imports.
export const profileKeys = {
  myChismes: (userId: string, cotilleo: boolean) => ['my-chismes', userId, cotilleo] as const,
};
