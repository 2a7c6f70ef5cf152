// `svc mcp` over stdio takes what REST takes: a message over the SDK's old 10 MiB line
// limit is answered (it used to make the process exit 0 with no word and no answer), one
// over the MCP limit gets a JSON-RPC error under its id naming the limit, and the process
// goes on serving.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { tools } from '../../tools/index.ts';
import { ROOT, SVC, svc, svcEnv, tempDataDir } from '../helpers/process.ts';

const MIB = 1024 * 1024;
const ANSWER_WITHIN_MS = 90_000;

describe('svc mcp (stdio) message limits', () => {
  it('answers an 11 MiB and a 30 MiB message and one over the limit, then goes on serving', async () => {
    const dataDir = tempDataDir();
    const sandbox = JSON.parse(await svc(['sandbox', '--json'], svcEnv(dataDir)));
    const child = spawn(process.execPath, [SVC, 'mcp'], {
      env: svcEnv(dataDir, { SVC_API_KEY: sandbox.key }),
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
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
    const send = (message: Record<string, unknown>) => child.stdin.write(`${JSON.stringify(message)}\n`);
    const call = (id: unknown, name: string, args: Record<string, unknown>) =>
      // The id last, as the SDK's client writes it: the limit's error must still find it.
      send({ jsonrpc: '2.0', method: 'tools/call', params: { name, arguments: args }, id });

    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'limits', version: '0' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect((await answerTo(1)).result.serverInfo.name).toBe('inbound-capture');

    // 11 MiB: read whole and answered by the tool (feedback text is capped at 5,000 characters).
    call(2, 'submit_feedback', { text: 'x'.repeat(11 * MIB) });
    // 30 MiB: under the MCP limit, over the message limit REST has too (SVC_MAX_MESSAGE_BYTES).
    call(3, 'ingest_message', { eml: `Subject: big\r\n\r\n${'x'.repeat(30 * MIB)}` });
    // 51 MiB: over the MCP limit (twice SVC_MAX_MESSAGE_BYTES), refused before it is parsed.
    call('over', 'ingest_message', { eml: 'x'.repeat(51 * MIB) });
    send({ jsonrpc: '2.0', id: 5, method: 'tools/list' });

    const feedback = await answerTo(2);
    expect(feedback.result.isError).toBe(true);
    expect(feedback.result.structuredContent.error).toMatchObject({
      code: 'invalid_request',
      details: { issues: [{ path: 'text' }] },
    });
    const ingest = await answerTo(3);
    expect(ingest.result.isError).toBe(true);
    expect(ingest.result.structuredContent.error).toMatchObject({
      code: 'too_large',
      details: { limit_bytes: 25 * MIB },
    });
    expect(ingest.result.structuredContent.error.message).toContain(`the limit is ${25 * MIB}`);
    expect(await answerTo('over')).toEqual({
      jsonrpc: '2.0',
      id: 'over',
      error: {
        code: -32600,
        message: `Message over ${50 * MIB} bytes, the MCP limit (twice SVC_MAX_MESSAGE_BYTES); send large messages over SMTP or split the request.`,
        data: { limit_bytes: 50 * MIB },
      },
    });
    expect((await answerTo(5)).result.tools).toHaveLength(tools.length);
    expect(child.exitCode).toBeNull();

    child.stdin.end();
    expect(await exited).toBe(0);
  }, 180_000);
});
