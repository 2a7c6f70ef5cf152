// `svc mcp` over stdio takes what REST takes: a message over the SDK's old 10 MiB line
// limit is answered (it used to make the process exit 0 with no word and no answer), one
// over the MCP limit gets a JSON-RPC error under its id naming the limit, and the process
// goes on serving. Every message counts against the key's rate limit, as over HTTP.
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../../tools/index.ts';
import { ROOT, SVC, svc, svcEnv, tempDataDir } from '../helpers/process.ts';

const MIB = 1024 * 1024;
const ANSWER_WITHIN_MS = 90_000;

/** `svc mcp` as a child process, spoken to line by line; answers are collected by id. */
function startStdio(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [SVC, 'mcp'], { env, cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const answers = new Map<unknown, any>();
  const waiting = new Map<unknown, (answer: any) => void>();
  let buffered = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) {
      const answer = JSON.parse(line);
      answers.set(answer.id, answer);
      waiting.get(answer.id)?.(answer);
    }
  });
  const answerTo = (id: unknown) =>
    answers.has(id)
      ? Promise.resolve(answers.get(id))
      : new Promise<any>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`no answer to ${String(id)}; exit ${child.exitCode}; stderr: ${stderr}`)),
            ANSWER_WITHIN_MS,
          );
          waiting.set(id, (answer) => {
            clearTimeout(timer);
            resolve(answer);
          });
        });
  const send = (message: Record<string, unknown>) =>
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  // The id last, as the SDK's client writes it: the limit's error must still find it.
  const call = (id: unknown, name: string, args: Record<string, unknown>) =>
    send({ method: 'tools/call', params: { name, arguments: args }, id });
  const initialize = async () => {
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'limits', version: '0' } },
    });
    send({ method: 'notifications/initialized' });
    expect((await answerTo(1)).result.serverInfo.name).toBe('inbound-capture');
  };
  return { child, exited, send, call, answerTo, initialize };
}

describe('svc mcp (stdio) limits', () => {
  let dataDir: string;
  let key: string;
  beforeAll(async () => {
    dataDir = tempDataDir();
    key = JSON.parse(await svc(['sandbox', '--json'], svcEnv(dataDir))).key;
  });

  it('answers an 11 MiB and a 30 MiB message and one over the limit, then goes on serving', async () => {
    const mcp = startStdio(svcEnv(dataDir, { SVC_API_KEY: key }));
    await mcp.initialize();
    // 11 MiB: read whole and answered by the tool (feedback text is capped at 5,000 characters).
    mcp.call(2, 'submit_feedback', { text: 'x'.repeat(11 * MIB) });
    // 30 MiB: under the MCP limit, over the message limit REST has too (SVC_MAX_MESSAGE_BYTES).
    mcp.call(3, 'ingest_message', { eml: `Subject: big\r\n\r\n${'x'.repeat(30 * MIB)}` });
    // 51 MiB: over the MCP limit (twice SVC_MAX_MESSAGE_BYTES), refused before it is parsed.
    mcp.call('over', 'ingest_message', { eml: 'x'.repeat(51 * MIB) });
    mcp.send({ id: 5, method: 'tools/list' });

    const feedback = await mcp.answerTo(2);
    expect(feedback.result.isError).toBe(true);
    expect(feedback.result.structuredContent.error).toMatchObject({
      code: 'invalid_request',
      details: { issues: [{ path: 'text' }] },
    });
    const ingest = await mcp.answerTo(3);
    expect(ingest.result.isError).toBe(true);
    expect(ingest.result.structuredContent.error).toMatchObject({
      code: 'too_large',
      details: { limit_bytes: 25 * MIB },
    });
    expect(ingest.result.structuredContent.error.message).toContain(`the limit is ${25 * MIB}`);
    expect(await mcp.answerTo('over')).toEqual({
      jsonrpc: '2.0',
      id: 'over',
      error: {
        code: -32600,
        message: `Message over ${50 * MIB} bytes, the MCP limit (twice SVC_MAX_MESSAGE_BYTES); send large messages over SMTP or split the request.`,
        data: { limit_bytes: 50 * MIB },
      },
    });
    expect((await mcp.answerTo(5)).result.tools).toHaveLength(tools.length);
    expect(mcp.child.exitCode).toBeNull();

    mcp.child.stdin.end();
    expect(await mcp.exited).toBe(0);
  }, 180_000);

  it('counts initialize, notifications and tools/list against the key; a refused call is an isError result', async () => {
    // A key of its own at 4 a minute: initialize, the notification, tools/list, ping.
    const made = JSON.parse(await svc(['sandbox', '--json'], svcEnv(dataDir)));
    const mcp = startStdio(svcEnv(dataDir, { SVC_API_KEY: made.key, SVC_RATE_LIMIT_PER_MINUTE: '4' }));
    await mcp.initialize();
    mcp.send({ id: 2, method: 'tools/list' });
    mcp.send({ id: 3, method: 'ping' });
    mcp.send({ id: 4, method: 'tools/list' });
    mcp.call(5, 'get_tenant', {});
    expect((await mcp.answerTo(2)).result.tools.length).toBeGreaterThan(0);
    expect(await mcp.answerTo(3)).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
    const refused = await mcp.answerTo(4);
    expect(refused.error).toMatchObject({ code: -32000, data: { error: { code: 'rate_limited' } } });
    // 4 a minute refills one token in 15 s, less the time the four calls took.
    const wait = refused.error.data.error.details.retry_after_seconds;
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(15);
    expect(refused.error.message).toContain('Rate limit of 4 requests a minute');
    const call = await mcp.answerTo(5);
    expect(call.result.isError).toBe(true);
    expect(call.result.structuredContent).toEqual(refused.error.data);
    mcp.child.stdin.end();
    expect(await mcp.exited).toBe(0);
  }, 180_000);
});
