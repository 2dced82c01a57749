import base from './astro.config.mjs';
export default { ...base, vite: { ...(base.vite ?? {}), build: { ...(base.vite?.build ?? {}), sourcemap: true } } };
