/** Debian's Chromium, which every spec drives (scripts/system-tools.sh installs it). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The flags every browser of the suite starts with: no sandbox as root, nothing fetched from outside. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
