// The Chromium every headless run uses (Playwright, benchmarks): Debian's package, with flags that keep it quiet and
// offline (the network here is closed; without them Chromium keeps retrying refused connections).
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}
