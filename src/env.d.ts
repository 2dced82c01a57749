/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** API URL of the Supabase project the site is built for (default: the local Supabase). */
  readonly PUBLIC_SUPABASE_URL?: string;
  /** Public anon key of that project. */
  readonly PUBLIC_SUPABASE_ANON_KEY?: string;
  /** `direct` sends REST calls straight to the project instead of through the site's own origin (`site`, default). */
  readonly PUBLIC_SUPABASE_REST?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
