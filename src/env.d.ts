/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** API URL of the Supabase project the site is built for (default: the local Supabase). */
  readonly PUBLIC_SUPABASE_URL?: string;
  /** Public anon key of that project. */
  readonly PUBLIC_SUPABASE_ANON_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
