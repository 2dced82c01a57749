import { startLocalSupabase } from '../local-supabase/index.ts';
import { createClient } from '@supabase/supabase-js'; import WebSocket from 'ws';
const b = await startLocalSupabase({ port: 0, host: '127.0.0.1', dataDir: null, rateLimits: false, quiet: true, siteUrl: 'http://x' } as any);
const admin = createClient(b.url, b.secretKey, { auth: { persistSession: false }, realtime: { transport: WebSocket as any } });
const anon = createClient(b.url, b.publishableKey, { auth: { persistSession: false }, realtime: { transport: WebSocket as any } });
let t = performance.now();
const lap = (l: string) => { const n = performance.now(); console.log(l, (n - t).toFixed(0)); t = n; };
for (let i = 0; i < 5; i++) { await admin.auth.admin.createUser({ email: `u${i}@x.com`, password: 'senha-123456', email_confirm: true }); lap('createUser'); }
for (let i = 0; i < 3; i++) { await anon.auth.signInWithPassword({ email: `u1@x.com`, password: 'senha-123456' }); lap('signIn'); }
for (let i = 0; i < 5; i++) { await anon.from('tasks').select('*'); lap('select tasks'); }
for (let i = 0; i < 5; i++) { await fetch(b.url + '/rest/v1/tasks?select=*', { headers: { apikey: b.publishableKey } }); lap('raw fetch'); }
await b.stop?.(); process.exit(0);
