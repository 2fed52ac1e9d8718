/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  readonly VITE_GEO_IP_URL?: string;
  readonly VITE_REVERSE_GEOCODE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
