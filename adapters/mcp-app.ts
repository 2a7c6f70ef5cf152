// The review view for MCP hosts (MCP Apps, the ext-apps extension): one `ui://` resource,
// read as text/html;profile=mcp-app, that get_capture and get_task link in their tool
// listing (`_meta.ui.resourceUri`). A host renders it in the chat; text-only clients see
// the same tools and results as before. The view's script (console/mcp-app/review.js, with
// the ext-apps App class and the console's DOM helpers) is bundled into the one HTML file
// a host loads, with esbuild, on first read.
import { RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import type { Resource, Tool } from '@modelcontextprotocol/server';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REVIEW_VIEW_URI = 'ui://inbound-capture/review.html';
/** Tools whose results the view shows: a capture, or a task that points at one. */
export const REVIEW_VIEW_TOOLS = new Set(['get_capture', 'get_task']);

const CONSOLE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'console');

export const REVIEW_VIEW_RESOURCE: Resource = {
  uri: REVIEW_VIEW_URI,
  name: 'capture-review',
  title: 'Capture review',
  description:
    'Review one capture in the chat: fields with confidence, issues and sources, the document text with each ' +
    'source marked; correct a field (correct_field) and approve (approve_capture) through the host.',
  mimeType: RESOURCE_MIME_TYPE,
};

/** The listing entry of a tool, with the view linked when the tool shows a capture. */
export function withReviewView(tool: Tool): Tool {
  if (!REVIEW_VIEW_TOOLS.has(tool.name)) return tool;
  return {
    ...tool,
    _meta: { ...tool._meta, ui: { resourceUri: REVIEW_VIEW_URI }, [RESOURCE_URI_META_KEY]: REVIEW_VIEW_URI },
  };
}

let html: Promise<string> | null = null;

async function buildHtml(): Promise<string> {
  const { build } = await import('esbuild');
  const bundled = await build({
    entryPoints: [join(CONSOLE_DIR, 'mcp-app', 'review.js')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  // Inside <script>, "</script" would end the element: written "<\/script" it is the same JavaScript.
  const script = bundled.outputFiles[0]!.text.replace(/<\/(script)/gi, '<\\/$1');
  const css = readFileSync(join(CONSOLE_DIR, 'app.css'), 'utf8');
  return readFileSync(join(CONSOLE_DIR, 'mcp-app', 'review.html'), 'utf8')
    .replace('/* CONSOLE_CSS */', () => css)
    .replace('<!-- REVIEW_SCRIPT -->', () => `<script type="module">${script}</script>`);
}

/** The view's one HTML document, built once per process. */
export function reviewViewHtml(): Promise<string> {
  html ??= buildHtml().catch((error: unknown) => {
    html = null;
    throw error;
  });
  return html;
}
