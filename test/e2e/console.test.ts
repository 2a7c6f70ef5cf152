// The review console in Debian's Chromium against a real `svc serve`: sign in, the queue,
// a held invoice with its document and PDF, a correction, an approval (then seen applied
// over REST with the correction recorded), sign-out ending the cookie, a read key seeing
// no approve button, and a forged cross-origin POST refused.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, watchPage, type Watch } from '../helpers/browser.ts';
import { buildEml, makePdf } from '../helpers/mail.ts';
import { ROOT, startServe, svcEnv, tempDataDir, type ServeProcess } from '../helpers/process.ts';

const WAIT = { timeout: 60_000 };

describe('review console', { timeout: 180_000 }, () => {
  let serve: ServeProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let watch: Watch;
  const held: string[] = [];

  async function rest(method: string, path: string, body?: unknown, key = serve.key!) {
    const response = await fetch(`${serve.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  async function ingestInvoice(number: string): Promise<string> {
    const pdf = await makePdf([
      'ACME Supplies Ltd',
      `Invoice number: ${number}`,
      'Invoice date: 2026-03-02',
      'Thank you',
    ]);
    const eml = buildEml({
      from: 'ACME Billing <billing@acme-supplies.example>',
      to: 'ap@buyer.example',
      subject: `Invoice ${number}`,
      text: `Please find invoice ${number} attached.`,
      attachments: [{ filename: `invoice-${number}.pdf`, contentType: 'application/pdf', content: pdf }],
    });
    const ingested = await rest('POST', '/v1/messages/ingest', { eml });
    expect(ingested.status).toBe(200);
    expect(ingested.body.capture.status).toBe('held');
    return ingested.body.capture.id;
  }

  beforeAll(async () => {
    serve = await startServe(svcEnv(tempDataDir()), 90_000);
    held.push(await ingestInvoice('INV-2026-041'), await ingestInvoice('INV-2026-042'));
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    page = await context.newPage();
    watch = watchPage(page, serve.url);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
  }, 60_000);

  it('signs in with an API key, keeps it out of the page, and shows the held invoices oldest first', async () => {
    await page.goto(`${serve.url}/console/`);
    await page.getByLabel('API key').fill(serve.key!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Queue (2)' }).waitFor(WAIT);
    const cookies = await context.cookies();
    expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite])).toEqual([['svc_console', true, 'Strict']]);
    const storage = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(storage).not.toContain(serve.key!);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    const section = page.getByRole('region', { name: /^invoices/ });
    expect(await section.getByRole('heading').textContent()).toBe('invoices (2 held)');
    const items = section.getByRole('link');
    expect(await items.allTextContents()).toEqual([
      'Held · incomplete · Invoice INV-2026-041',
      'Held · incomplete · Invoice INV-2026-042',
    ]);
  });

  it('moves through the queue from the keyboard and opens a capture with Enter', async () => {
    const first = page.getByRole('link', { name: /INV-2026-041/ });
    await expect.poll(() => first.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
    await page.keyboard.press('j');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('INV-2026-042');
    await page.keyboard.press('k');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('INV-2026-041');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Capture ${held[0]}` }).waitFor(WAIT);
  });

  it('shows every field, the document text with the source marked, and the PDF with the value marked', async () => {
    const number = page.getByLabel('invoice_number', { exact: true });
    expect(await number.inputValue()).toBe('INV-2026-041');
    expect(await page.getByLabel('total_amount', { exact: true }).inputValue()).toBe('');
    const totalRow = page.getByRole('row', { name: /^total_amount/ });
    expect(await totalRow.textContent()).toContain('Required');
    expect(await totalRow.textContent()).toContain('missing_required');
    const mark = page.locator('mark[data-field="invoice_number"]');
    await mark.waitFor(WAIT);
    expect(await mark.textContent()).toBe('INV-2026-041');
    const printed = page.locator('.pdf-mark[data-field="invoice_number"]');
    await printed.waitFor({ state: 'attached', ...WAIT });
    const box = await printed.boundingBox();
    expect(box!.width).toBeGreaterThan(20);
    expect(await page.getByText('invoice_number: “INV-2026-041” is marked on page 1').count()).toBe(1);
    const canvas = page.getByRole('img', { name: /Page 1 of 1 of invoice-INV-2026-041\.pdf/ });
    // The page was drawn: the canvas holds dark (text) pixels, not a blank sheet.
    const inked = await canvas.evaluate((el) => {
      const c = el as HTMLCanvasElement;
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 100) dark++;
      return dark;
    });
    expect(inked).toBeGreaterThan(100);
  });

  it('corrects a field inline with a reason, then approves; REST shows it applied with the correction', async () => {
    await page.getByLabel('total_amount', { exact: true }).fill('1234.50');
    await page.getByLabel('Reason for correcting total_amount').fill('printed total, read by a person');
    await page.getByRole('button', { name: 'Save total_amount' }).click();
    await page.getByText('Saved total_amount.').waitFor(WAIT);
    expect(await page.getByLabel('total_amount', { exact: true }).inputValue()).toBe('1234.5');
    await page.locator('.pdf-mark[data-field="invoice_number"]').waitFor({ state: 'attached', ...WAIT });
    await page.screenshot({ path: join(ROOT, 'docs/images/console-capture.png'), fullPage: false });

    await page.getByRole('button', { name: 'Approve capture' }).click();
    await page.getByText('Approved: the capture is applied').waitFor(WAIT);
    expect(await page.getByTestId('capture-status').textContent()).toBe('applied');
    expect(await page.getByRole('button', { name: 'Approve capture' }).count()).toBe(0);

    const capture = await rest('GET', `/v1/captures/${held[0]}`);
    expect(capture.body.status).toBe('applied');
    expect(capture.body.fields.total_amount.value).toBe(1234.5);
    expect(capture.body.corrections).toEqual([
      expect.objectContaining({
        field: 'total_amount',
        before: null,
        after: 1234.5,
        reason: 'printed total, read by a person',
      }),
    ]);
    expect(capture.body.tasks.every((t: { status: string }) => t.status !== 'open')).toBe(true);
  });

  it('approves from the queue with the a key', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Queue' }).click();
    await page.getByRole('heading', { name: 'Queue (1)' }).waitFor(WAIT);
    const link = page.getByRole('link', { name: /INV-2026-042/ });
    await expect.poll(() => link.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
    await page.keyboard.press('a');
    await page.getByText(`Approved ${held[1]}.`).waitFor(WAIT);
    expect((await rest('GET', `/v1/captures/${held[1]}`)).body.status).toBe('applied');
  });

  it('shows a message and the flow', async () => {
    await page.goto(`${serve.url}/console/#/flow`);
    await page.getByRole('heading', { name: 'Flow' }).waitFor(WAIT);
    await page.getByRole('img', { name: /Mail flow over 168 hours/ }).waitFor(WAIT);
    const buckets = page.getByRole('table', { name: /Activity over the last 7 days/ });
    expect(await buckets.getByRole('row', { name: /^invoices/ }).textContent()).toContain('no run yet');
    const capture = await rest('GET', `/v1/captures/${held[0]}`);
    await page.goto(`${serve.url}/console/#/messages/${capture.body.message_id}`);
    await page.getByRole('heading', { name: 'Invoice INV-2026-041' }).waitFor(WAIT);
    await page.getByRole('heading', { name: 'Sanitized text' }).waitFor(WAIT);
    expect(await page.getByText('Please find invoice INV-2026-041 attached.').count()).toBeGreaterThan(0);
    expect(await page.getByRole('heading', { name: 'Captures' }).count()).toBe(1);
  });

  it('meets WCAG AA contrast for the text of every view', async () => {
    const capture = await rest('GET', `/v1/captures/${held[0]}`);
    const views = [
      ['#/queue', 'Queue'],
      [`#/captures/${held[0]}`, `Capture ${held[0]}`],
      [`#/messages/${capture.body.message_id}`, 'Invoice INV-2026-041'],
      ['#/flow', 'Flow'],
    ] as const;
    for (const [hash, heading] of views) {
      await page.goto(`${serve.url}/console/${hash}`);
      await page.getByRole('heading', { name: heading }).first().waitFor(WAIT);
      // Every element that holds text: its colour against the first opaque background behind
      // it, as WCAG 2.x computes contrast (4.5:1, or 3:1 for large text).
      const low = await page.evaluate(() => {
        const rgba = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
        const luminance = ([r, g, b]: number[]) => {
          const lin = (channel: number) => {
            const c = channel / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          };
          return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
        };
        const background = (el: Element | null): number[] => {
          for (let at = el; at; at = at.parentElement) {
            const c = rgba(getComputedStyle(at).backgroundColor);
            if ((c[3] ?? 1) > 0.5) return c;
          }
          return [255, 255, 255];
        };
        const out: string[] = [];
        for (const el of document.querySelectorAll('body *')) {
          const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim() !== '');
          const box = el.getBoundingClientRect();
          if (!own || box.width === 0 || box.height === 0) continue;
          const style = getComputedStyle(el);
          if (style.visibility === 'hidden') continue;
          const [fg, bg] = [luminance(rgba(style.color)), luminance(background(el))];
          const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
          const size = Number.parseFloat(style.fontSize);
          const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
          if (ratio < (large ? 3 : 4.5))
            out.push(`${el.tagName} "${el.textContent!.trim().slice(0, 30)}" ${ratio.toFixed(2)}`);
        }
        return out;
      });
      expect(low, hash).toEqual([]);
    }
  });

  it('signs out, after which the cookie no longer works', async () => {
    const [cookie] = await context.cookies();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor(WAIT);
    expect(await context.cookies()).toEqual([]);
    const replayed = await fetch(`${serve.url}/v1/tenant`, { headers: { cookie: `${cookie!.name}=${cookie!.value}` } });
    expect(replayed.status).toBe(401);
    expect(watch.errors).toEqual([]);
    expect(watch.dialogs).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
  });

  describe('with a read-only key', () => {
    let readContext: BrowserContext;
    let readPage: Page;
    let attacker: Server;
    let capture: string;

    beforeAll(async () => {
      capture = await ingestInvoice('INV-2026-043');
      const key = await rest('POST', '/v1/keys', { label: 'reader', scopes: ['read'] });
      readContext = await browser.newContext();
      readPage = await readContext.newPage();
      await readPage.goto(`${serve.url}/console/`);
      await readPage.getByLabel('API key').fill(key.body.key);
      await readPage.getByRole('button', { name: 'Sign in' }).click();
      await readPage.getByRole('heading', { name: 'Queue (1)' }).waitFor(WAIT);
      // A page of another origin (same machine, another port) that posts to the service.
      attacker = createServer((_req, res) => {
        res.setHeader('content-type', 'text/html');
        res.end(
          `<form method="post" enctype="text/plain" action="${serve.url}/v1/captures/${capture}/approve">` +
            '<input name="{&quot;force&quot;:true,&quot;x&quot;:&quot;" value="&quot;}"><button>Win a prize</button></form>',
        );
      });
      await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    }, 120_000);

    afterAll(async () => {
      await readContext?.close();
      await new Promise((resolve) => attacker?.close(resolve));
    }, 60_000);

    it('sees no approve button and no field editing', async () => {
      await readPage.goto(`${serve.url}/console/#/captures/${capture}`);
      await readPage.getByRole('heading', { name: `Capture ${capture}` }).waitFor(WAIT);
      expect(await readPage.getByLabel('invoice_number', { exact: true }).getAttribute('readonly')).toBe('');
      expect(await readPage.getByRole('button', { name: 'Approve capture' }).count()).toBe(0);
      expect(await readPage.getByRole('button', { name: /^Save / }).count()).toBe(0);
      expect(await readPage.getByRole('button', { name: /^Resolve task/ }).count()).toBe(0);
    });

    it('refuses a forged cross-origin POST that carries the cookie with 403, and nothing changes', async () => {
      const port = (attacker.address() as AddressInfo).port;
      await readPage.goto(`http://127.0.0.1:${port}/`);
      const [response] = await Promise.all([
        readPage.waitForResponse((r) => r.url().endsWith(`/v1/captures/${capture}/approve`), WAIT),
        readPage.getByRole('button', { name: 'Win a prize' }).click(),
      ]);
      expect(response.request().headers().cookie ?? (await response.request().allHeaders()).cookie).toContain(
        'svc_console=',
      );
      expect(response.status()).toBe(403);
      expect(((await response.json()) as any).error.code).toBe('forbidden');
      expect((await rest('GET', `/v1/captures/${capture}`)).body.status).toBe('held');
    });
  });
});
