-- Trigram matching for the contains-searches of the lists (ilike '%text%'), in schema extensions as on Supabase.
create extension if not exists pg_trgm with schema extensions;
