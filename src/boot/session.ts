// The session supabase-js stored for the API, read by the boot scripts before any module has loaded.
export { storedSession, type BootSession } from '../lib/util/session-storage-key';
