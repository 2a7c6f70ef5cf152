// Plays the person at the sign-in page: paste the key, grant what is offered.
// If the page offers no key field (e.g. it refused the client), prints what the page says.
import { createRequire } from 'node:module';
import { launchChromium } from '../chromium.mjs';
const require = createRequire(new URL('../../package.json', import.meta.url));
const { chromium } = require('playwright-core');
const [url, key] = process.argv.slice(2);
const browser = await launchChromium(chromium);
const page = await browser.newPage();
const first = await page.goto(url);
try {
  await page.getByLabel('API key').fill(key, { timeout: 30000 });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Grant access' }).click();
  await page.waitForLoadState('load');
  console.log(
    'landed on',
    page.url().replace(/code=[^&]+/, 'code=…'),
    '-',
    (await page.textContent('body'))?.slice(0, 200),
  );
} catch (error) {
  console.log(
    `no sign-in form (${error.name}); /authorize answered ${first?.status()}:`,
    (await page.textContent('body'))?.replace(/\s+/g, ' ').trim().slice(0, 600),
  );
  process.exitCode = 1;
}
await browser.close();
