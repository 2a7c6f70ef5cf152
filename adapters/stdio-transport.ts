// MCP over stdio with our own framing in front of the server. The SDK's StdioServerTransport
// buffers a line by concatenating every chunk onto what it holds (quadratic in the line's
// length), stops at 10 MiB, and then closes: `svc mcp` exited 0 with no word and no answer
// when one message was over 10 MiB, while REST takes 25 MiB. Here a line is kept as a list
// of chunks up to the MCP limit; past it the rest of the line is only scanned for the
// request's id (never stored), and the request gets a JSON-RPC error naming the limit.
// Lines that are not one JSON-RPC message are answered too, and the process keeps serving.
import { type JSONRPCMessage, parseJSONRPCMessage, type Transport } from '@modelcontextprotocol/server';
import { messageTooLarge, rpcError } from './mcp.ts';

const NEWLINE = 0x0a;

/** A JSON-RPC error object, without the id (the transport adds the request's). */
export interface RpcErrorBody {
  code: number;
  message: string;
  data?: Record<string, unknown>;
}

/** How a refused request is answered: a JSON-RPC error, or a result (a tool's `isError` result). */
export type Refusal = { error: RpcErrorBody } | { result: Record<string, unknown> };

/**
 * Decides whether a message may be handled (the key's rate limit): null to handle it, or
 * how a request is answered instead (a refused notification or response is dropped).
 */
export type AdmitMessage = (message: JSONRPCMessage) => Promise<Refusal | null>;

const MAX_ID_BYTES = 256;

/**
 * Finds the top-level `"id"` of a JSON text fed to it piece by piece, keeping only the id's
 * own bytes: so an oversized request can still be answered under its id. Ids in nested
 * objects (arguments) are not the request's and are ignored.
 */
export class RequestIdScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Inside the top-level object, where the next string is a member name. */
  private expectName = false;
  /** The member name being read at the top level (null: not reading one, or longer than "id"). */
  private name: number[] | null = null;
  private lastName: string | null = null;
  /** The next value at the top level is the id's. */
  private awaitingId = false;
  /** The id's bytes while they are read; its kind. */
  private value: number[] | null = null;
  private kind: 'string' | 'number' | null = null;
  private found: string | number | null = null;

  feed(bytes: Uint8Array): void {
    for (const byte of bytes) this.step(byte);
  }

  /** The request's id (a string or a number), or null when none could be read. */
  id(): string | number | null {
    if (this.value && this.kind === 'number') this.finishValue();
    return this.found;
  }

  private step(b: number): void {
    if (this.inString) {
      if (this.value) this.keep(b);
      if (this.escaped) {
        this.escaped = false;
        if (this.name) this.name = null; // an escaped name is not a plain "id"
        return;
      }
      if (b === 0x5c /* \ */) {
        this.escaped = true;
        return;
      }
      if (b === 0x22 /* " */) {
        this.inString = false;
        if (this.name) {
          this.lastName = Buffer.from(this.name).toString('latin1');
          this.name = null;
        }
        if (this.value) this.finishValue();
        return;
      }
      if (this.name) {
        this.name.push(b);
        if (this.name.length > 2) this.name = null;
      }
      return;
    }
    if (this.value && this.kind === 'number') {
      if ((b >= 0x30 && b <= 0x39) || b === 0x2e || b === 0x2d || b === 0x2b || b === 0x65 || b === 0x45) {
        this.keep(b);
        return;
      }
      this.finishValue();
    }
    if (b === 0x20 || b === 0x09 || b === 0x0d || b === 0x0a) return;
    if (this.awaitingId) {
      this.awaitingId = false;
      if (b === 0x22) {
        this.value = [b];
        this.kind = 'string';
        this.inString = true;
        return;
      }
      if (b === 0x2d || (b >= 0x30 && b <= 0x39)) {
        this.value = [b];
        this.kind = 'number';
        return;
      }
    }
    switch (b) {
      case 0x22:
        this.inString = true;
        this.name = this.depth === 1 && this.expectName ? [] : null;
        return;
      case 0x7b /* { */:
        this.depth++;
        this.expectName = this.depth === 1;
        return;
      case 0x5b /* [ */:
        this.depth++;
        return;
      case 0x7d /* } */:
      case 0x5d /* ] */:
        this.depth--;
        return;
      case 0x3a /* : */:
        if (this.depth !== 1) return;
        this.expectName = false;
        this.awaitingId = this.lastName === 'id';
        this.lastName = null;
        return;
      case 0x2c /* , */:
        if (this.depth === 1) this.expectName = true;
        return;
      default:
    }
  }

  private keep(b: number): void {
    this.value!.push(b);
    if (this.value!.length > MAX_ID_BYTES) {
      // Not an id a client would use: answer with null rather than keep reading it.
      this.value = null;
      this.kind = null;
    }
  }

  private finishValue(): void {
    try {
      const parsed: unknown = JSON.parse(Buffer.from(this.value!).toString('utf8'));
      if (typeof parsed === 'string' || (typeof parsed === 'number' && Number.isFinite(parsed))) this.found = parsed;
    } catch {
      // A malformed id is no id.
    }
    this.value = null;
    this.kind = null;
  }
}

/** The id of a parsed message that is not valid JSON-RPC, when it has a usable one. */
function idOf(value: unknown): string | number | null {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** Newline-delimited JSON-RPC on stdin/stdout, one message per line, at most `maxMessageBytes` a line. */
export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private bytes = 0;
  /** The line being skipped because it is over the limit. */
  private oversized: RequestIdScanner | null = null;
  /** Lines are handled one after another, in order, even while one waits for admission. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly maxMessageBytes: number,
    private readonly admit: AdmitMessage | null = null,
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
  ) {}

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStdinError);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const line = `${JSON.stringify(message)}\n`;
    if (this.stdout.write(line)) return;
    await new Promise<void>((resolve) => this.stdout.once('drain', resolve));
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStdinError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.chunks = [];
    this.bytes = 0;
    this.oversized = null;
    this.onclose?.();
  }

  private readonly onStdinError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string) => {
    const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let from = 0;
    while (from < data.length) {
      const newline = data.indexOf(NEWLINE, from);
      this.take(data.subarray(from, newline === -1 ? data.length : newline));
      if (newline === -1) return;
      this.endLine();
      from = newline + 1;
    }
  };

  private take(part: Buffer): void {
    if (part.length === 0) return;
    if (this.oversized) {
      this.oversized.feed(part);
      return;
    }
    // One byte of slack: a line may end with CR LF, and the CR is not part of the message.
    if (this.bytes + part.length > this.maxMessageBytes + 1) {
      this.skipLine(part);
      return;
    }
    this.chunks.push(part);
    this.bytes += part.length;
  }

  /** Drops what is held of the current line, keeping only its request id. */
  private skipLine(part?: Buffer): void {
    this.oversized = new RequestIdScanner();
    for (const held of this.chunks) this.oversized.feed(held);
    if (part) this.oversized.feed(part);
    this.chunks = [];
    this.bytes = 0;
  }

  private endLine(): void {
    if (this.bytes > this.maxMessageBytes && this.chunks.at(-1)?.at(-1) !== 0x0d) this.skipLine();
    if (this.oversized) {
      const id = this.oversized.id();
      this.oversized = null;
      const limit = this.maxMessageBytes;
      this.enqueue(() => this.send(rpcError(id, -32600, messageTooLarge(limit), { limit_bytes: limit })));
      return;
    }
    const line = Buffer.concat(this.chunks, this.bytes).toString('utf8');
    this.chunks = [];
    this.bytes = 0;
    if (line.trim() === '') return;
    this.enqueue(() => this.handle(line));
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task).catch((error: unknown) => this.onerror?.(error as Error));
  }

  private async handle(line: string): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      await this.send(rpcError(null, -32700, 'Parse error: the line is not JSON; send one JSON-RPC message per line.'));
      return;
    }
    if (Array.isArray(parsed)) {
      await this.send(
        rpcError(null, -32600, 'Batches are not accepted over stdio; send one JSON-RPC message per line.'),
      );
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(parsed);
    } catch {
      await this.send(rpcError(idOf(parsed), -32600, 'Invalid Request: not a JSON-RPC 2.0 message.'));
      return;
    }
    const refusal = this.admit ? await this.admit(message) : null;
    if (refusal) {
      // Only a request can be answered; a refused notification or response is dropped.
      if ('method' in message && 'id' in message) {
        await this.send(
          'result' in refusal
            ? { jsonrpc: '2.0', id: message.id, result: refusal.result }
            : rpcError(message.id, refusal.error.code, refusal.error.message, refusal.error.data),
        );
      }
      return;
    }
    this.onmessage?.(message);
  }
}
