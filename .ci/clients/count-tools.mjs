// Counts the svc tools a client offered its (fake) model in one recorded request body:
// Claude Code names them mcp__svc__<tool>, Codex puts them in a namespace "mcp__svc",
// Gemini CLI declares functions (named <tool> or mcp_svc_<tool>) in tools[].functionDeclarations.
import { readdirSync, readFileSync } from 'node:fs';
const svcTools = new Set();
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, 'utf8');
  const body = text.slice(text.indexOf('\n') + 1);
  let json;
  try {
    json = JSON.parse(body);
  } catch {
    continue;
  }
  for (const tool of json.tools ?? []) {
    if (typeof tool.name === 'string' && tool.name.startsWith('mcp__svc__')) svcTools.add(tool.name.slice(10));
    if (tool.type === 'namespace' && tool.name === 'mcp__svc') for (const t of tool.tools ?? []) svcTools.add(t.name);
    for (const f of tool.functionDeclarations ?? []) svcTools.add(f.name);
  }
}
// Gemini also declares its own built-in tools: keep only names our server has.
const ours = readdirSync(new URL('../../tools/', import.meta.url))
  .filter((f) => f.endsWith('.ts') && f !== 'define.ts' && f !== 'index.ts')
  .map((f) => f.slice(0, -3));
const found = [...svcTools].map((n) => n.replace(/^mcp_svc_/, '')).filter((n) => ours.includes(n));
console.log(found.length);
