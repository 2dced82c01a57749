/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** API URL of the Supabase project the site is built for (default: the local Supabase). */
  readonly PUBLIC_SUPABASE_URL?: string;
  /** The project's publishable key (`sb_publishable_…`). */
  readonly PUBLIC_SUPABASE_PUBLISHABLE_KEY?: string;
  /** Legacy: the project's anon JWT key, used when PUBLIC_SUPABASE_PUBLISHABLE_KEY is not set. */
  readonly PUBLIC_SUPABASE_ANON_KEY?: string;
  /** `direct` sends REST calls straight to the project instead of through the site's own origin (`site`, default). */
  readonly PUBLIC_SUPABASE_REST?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
