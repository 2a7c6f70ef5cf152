// The review view inside an MCP host (MCP Apps): the ui:// resource is listed and read as
// text/html;profile=mcp-app, get_capture and get_task link it, and in Chromium a small host
// page that speaks the extension's protocol (ext-apps' AppBridge over postMessage) renders
// it; a person corrects a field and approves there, each a tool call to the real server.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, watchPage, type Watch } from '../helpers/browser.ts';
import { buildEml } from '../helpers/mail.ts';
import { ROOT, startServe, svcEnv, tempDataDir, type ServeProcess } from '../helpers/process.ts';

const WAIT = { timeout: 60_000 };
const VIEW_URI = 'ui://inbound-capture/review.html';

/** The host page's script: an iframe for the view and the ext-apps bridge that proxies its tool calls. */
const HOST_SCRIPT = `
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
window.startHost = async (html, toolInput, toolResult) => {
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', 'allow-scripts allow-forms');
  iframe.title = 'Capture review view';
  iframe.style.width = '1000px';
  iframe.style.height = '900px';
  document.body.append(iframe);
  const bridge = new AppBridge(null, { name: 'test-host', version: '1.0.0' }, { serverTools: {}, logging: {} });
  bridge.oncalltool = (params) => window.hostCallTool(params);
  const initialized = new Promise((resolve) => { bridge.oninitialized = resolve; });
  await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
  iframe.srcdoc = html;
  await initialized;
  await bridge.sendToolInput({ arguments: toolInput });
  await bridge.sendToolResult(toolResult);
};
`;

describe('the review view inside an MCP host', { timeout: 180_000 }, () => {
  let serve: ServeProcess;
  let client: Client;
  let browser: Browser;
  let page: Page;
  let watch: Watch;
  let captureId: string;
  const calls: string[] = [];

  beforeAll(async () => {
    serve = await startServe(svcEnv(tempDataDir()), 90_000);
    const eml = buildEml({
      subject: 'Invoice H-7',
      text: 'Invoice number: H-7\nInvoice date: 2026-03-02\n',
    });
    const response = await fetch(`${serve.url}/v1/messages/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${serve.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ eml }),
    });
    const ingested = (await response.json()) as any;
    expect(ingested.capture.status).toBe('held');
    captureId = ingested.capture.id;
    client = new Client({ name: 'test-host', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${serve.url}/mcp/${serve.key}`)));
    browser = await launchChromium();
    page = await (await browser.newContext()).newPage();
    watch = watchPage(page, serve.url);
  }, 150_000);

  afterAll(async () => {
    await client?.close();
    await browser?.close();
    await serve?.stop();
  }, 60_000);

  it('lists the view as a resource and reads it as text/html;profile=mcp-app', async () => {
    const { resources } = await client.listResources();
    expect(resources).toEqual([expect.objectContaining({ uri: VIEW_URI, mimeType: 'text/html;profile=mcp-app' })]);
    const read = await client.readResource({ uri: VIEW_URI });
    expect(read.contents).toHaveLength(1);
    const [content] = read.contents as { uri: string; mimeType: string; text: string }[];
    expect(content!.uri).toBe(VIEW_URI);
    expect(content!.mimeType).toBe('text/html;profile=mcp-app');
    expect(content!.text).toMatch(/^<!doctype html>/);
    expect(content!.text).toContain('<script type="module">');
    expect(content!.text).not.toMatch(/<script[^>]+src=/);
  });

  it('links it from get_capture and get_task only; results stay what text-only clients get', async () => {
    const { tools } = await client.listTools();
    const linked = tools
      .filter((t) => t._meta?.ui)
      .map((t) => [t.name, (t._meta!.ui as { resourceUri: string }).resourceUri]);
    expect(linked).toEqual([
      ['get_capture', VIEW_URI],
      ['get_task', VIEW_URI],
    ]);
    expect(tools.find((t) => t.name === 'get_capture')!._meta!['ui/resourceUri']).toBe(VIEW_URI);
    const result = await client.callTool({ name: 'get_capture', arguments: { id: captureId } });
    const rest = await (
      await fetch(`${serve.url}/v1/captures/${captureId}`, { headers: { authorization: `Bearer ${serve.key}` } })
    ).text();
    expect(result.content).toEqual([{ type: 'text', text: rest }]);
    expect(result._meta).toBeUndefined();
  });

  it('renders in a host page, corrects a field and approves through the host', async () => {
    const bundled = await build({
      stdin: { contents: HOST_SCRIPT, resolveDir: ROOT, loader: 'js' },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    });
    await page.exposeFunction('hostCallTool', async (params: { name: string; arguments?: Record<string, unknown> }) => {
      calls.push(params.name);
      return client.callTool(params);
    });
    await page.setContent('<!doctype html><html><body><h1>Test host</h1></body></html>');
    await page.addScriptTag({ content: bundled.outputFiles[0]!.text, type: 'module' });
    const html = ((await client.readResource({ uri: VIEW_URI })).contents[0] as { text: string }).text;
    const result = await client.callTool({ name: 'get_capture', arguments: { id: captureId } });
    await page.waitForFunction(() => typeof (window as any).startHost === 'function', undefined, WAIT);
    await page.evaluate(([h, r, id]) => (window as any).startHost(h, { id }, r), [html, result, captureId] as const);

    const view = page.frameLocator('iframe[title="Capture review view"]');
    await view.getByRole('heading', { name: `Capture ${captureId}` }).waitFor(WAIT);
    expect(await view.getByLabel('invoice_number', { exact: true }).inputValue()).toBe('H-7');
    expect(await view.locator('mark[data-field="invoice_number"]').textContent()).toBe('H-7');
    await view.getByLabel('total_amount', { exact: true }).fill('99.50');
    await view.getByLabel('Reason for correcting total_amount').fill('total from the PDF');
    await view.getByRole('button', { name: 'Save total_amount' }).click();
    await view.getByText('Saved total_amount.').waitFor(WAIT);
    await view.getByRole('button', { name: 'Approve capture' }).click();
    await view.getByText('Approved: the capture is applied.').waitFor(WAIT);
    expect(await view.getByTestId('capture-status').textContent()).toBe('applied');

    expect(calls).toContain('correct_field');
    expect(calls).toContain('approve_capture');
    const capture = (await (
      await fetch(`${serve.url}/v1/captures/${captureId}`, { headers: { authorization: `Bearer ${serve.key}` } })
    ).json()) as any;
    expect(capture.status).toBe('applied');
    expect(capture.corrections).toEqual([
      expect.objectContaining({ field: 'total_amount', after: 99.5, reason: 'total from the PDF' }),
    ]);
    expect(watch.dialogs).toEqual([]);
    expect(watch.errors).toEqual([]);
  });
});
