// Debian's Chromium as the end-to-end tests, the bench and the screenshot scripts launch it.
// Without the background-networking ones, Chromium keeps trying to reach Google's hosts on this
// closed network.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
