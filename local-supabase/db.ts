// The database side of the local Supabase, one file per concern in db/: opening a start's database (open.ts), the
// SQL it gets (migrations.ts), snapshots of fresh in-memory databases (snapshots.ts), PGlite itself (pglite.ts), the
// data folder's lock (data-dir.ts) and JWT secret (jwt-secret.ts), and running work as an API role (claims.ts).
export { withClaims } from './db/claims.ts';
export { DataDirLockedError, resetDataDir } from './db/data-dir.ts';
export { openDatabase, type OpenDatabaseOptions, type OpenedDatabase } from './db/open.ts';
