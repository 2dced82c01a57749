// `npm run db:reset`: wipes the local Supabase's data folder (.data/db) and applies the migrations and demo data again.
import { DataDirLockedError, resetDataDir, startLocalSupabase } from '../local-supabase/index.ts';

const DATA_DIR = '.data/db';

try {
  resetDataDir(DATA_DIR);
  const sb = await startLocalSupabase({ port: 0, dataDir: DATA_DIR, quiet: true });
  await sb.stop();
  console.log(`Banco local recriado em ${DATA_DIR}: migrações e dados de demonstração aplicados.`);
} catch (err) {
  if (err instanceof DataDirLockedError) {
    console.error(`${err.message}\nEncerre o \`npm start\` / \`npm run dev\` em execução e rode de novo.`);
  } else {
    console.error(`Falha ao recriar o banco: ${err instanceof Error ? err.message : String(err)}`);
  }
  process.exit(1);
}
