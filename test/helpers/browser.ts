// Debian's Chromium driven by playwright-core (never a downloaded browser), for the tests
// of the review console and the MCP App view.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Headless, no sandbox (root in CI), and nothing that reaches off the machine on its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: these tests need Debian's browser (apt-get install chromium).`);
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/** What a page did that it must not: dialogs, console errors, uncaught errors, requests elsewhere. */
export interface Watch {
  dialogs: string[];
  errors: string[];
  foreignRequests: string[];
}

/** Records, for the life of `page`, anything that a page that never runs email content would not do. */
export function watchPage(page: Page, origin: string): Watch {
  const watch: Watch = { dialogs: [], errors: [], foreignRequests: [] };
  page.on('dialog', (dialog) => {
    watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.type() === 'error') watch.errors.push(message.text());
  });
  page.on('pageerror', (error) => {
    watch.errors.push(`uncaught: ${error.message}`);
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:')) {
      watch.foreignRequests.push(url);
    }
  });
  return watch;
}
