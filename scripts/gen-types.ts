// `npm run gen:types`: writes src/lib/database.types.ts from the database the migrations build (no server, no
// Docker: the schema is built in PGlite). `--check` writes nothing and exits 1 when the file is not up to date.
import fs from 'node:fs';
import path from 'node:path';
import { generateTypes, ROOT, TYPES_FILE } from './lib/db-types/generate.ts';

const check = process.argv.includes('--check');
const text = await generateTypes();
const current = fs.existsSync(TYPES_FILE) ? fs.readFileSync(TYPES_FILE, 'utf8') : null;
const relative = path.relative(ROOT, TYPES_FILE);
if (check) {
  if (current !== text) {
    console.error(`${relative} não corresponde às migrações: rode \`npm run gen:types\`.`);
    process.exit(1);
  }
  console.log(`${relative} está em dia com as migrações.`);
} else if (current === text) {
  console.log(`${relative} já estava em dia.`);
} else {
  fs.writeFileSync(TYPES_FILE, text);
  console.log(`${relative} gerado a partir das migrações.`);
}
