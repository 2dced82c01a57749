-- local-supabase's own bookkeeping: GoTrue's session, refresh-token and one-time-token tables (in GoTrue's
-- layout, trimmed to what the local auth routes use), the dev inbox and the list of applied migrations.
-- Applied on every start, before supabase/migrations; idempotent. Never part of a hosted project.

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamptz,
  aal text not null default 'aal1',
  amr jsonb not null default '[]'::jsonb,   -- [{method, timestamp}] newest first, as the JWT's amr claim
  not_after timestamptz
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent varchar(255),
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_user_id_idx on auth.refresh_tokens (user_id);

create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null,
  relates_to text not null,           -- the e-mail address the token was sent to
  created_at timestamptz not null default now(),
  unique (user_id, token_type)
);
create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens (token_hash);
-- The kinds of token (set here, not in the table, so a data folder made before a kind existed takes it too).
alter table auth.one_time_tokens drop constraint if exists one_time_tokens_token_type_check;
alter table auth.one_time_tokens add constraint one_time_tokens_token_type_check
  check (token_type in ('confirmation_token', 'recovery_token', 'email_change_token_new', 'email_change_token_current'));

-- Nothing here is reachable through the API roles.
revoke all on auth.sessions, auth.refresh_tokens, auth.one_time_tokens from anon, authenticated;

create schema if not exists local_supabase;
revoke all on schema local_supabase from public;

create table if not exists local_supabase.schema_migrations (
  name text primary key,
  checksum text not null,
  applied_at timestamptz not null default now()
);

create table if not exists local_supabase.meta (
  key text primary key,
  value text not null
);

create table if not exists local_supabase.inbox (
  id uuid primary key default gen_random_uuid(),
  to_email text not null,
  kind text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  links jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default clock_timestamp()
);
create index if not exists inbox_created_at_idx on local_supabase.inbox (created_at desc);
