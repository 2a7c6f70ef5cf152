// Debian's Chromium (apt-get install chromium), headless and quiet: never a browser a package
// downloads, and no background traffic. Shared by the CI scripts that play a person at the
// OAuth sign-in page (conformance-auth.mjs, clients/sign-in.mjs); test/helpers/browser.ts
// launches the same way for the tests.
export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** `chromium` is playwright-core's, from wherever the caller loads it. */
export function launchChromium(chromium) {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
