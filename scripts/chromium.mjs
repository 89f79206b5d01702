// @ts-check
// The browser every run here drives: Debian's Chromium (`apt-get install chromium`), never a
// downloaded one. Shared by the browser tests (playwright.config.ts), the Lighthouse test and
// `npm run bench`.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// No sandbox (CI runs as root), no GPU, and nothing that reaches the internet on its own.
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];
