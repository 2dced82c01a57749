// Builds the e2e suite's site template for the current sources (nothing to do when a fresh one exists), so that
// `npm test` can build it while Vitest runs instead of in Playwright's global setup afterwards.
import { E2E_CACHE_DIR, ensureTemplate } from './lib/site-build.ts';

const started = Date.now();
const { built } = await ensureTemplate(E2E_CACHE_DIR);
console.log(`site de teste ${built ? 'construído' : 'já estava pronto'} em ${((Date.now() - started) / 1000).toFixed(0)} s`);
