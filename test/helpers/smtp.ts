// A minimal SMTP client on a raw socket, for exact control of what is sent (SIZE-less
// oversized DATA, bare LF smuggling) and of which reply each command gets.
import { connect, type Socket } from 'node:net';

export class SmtpClient {
  private buffer = '';
  private waiting: ((line: string) => void)[] = [];
  private failures: ((error: Error) => void)[] = [];
  private closed: Error | null = null;
  private constructor(private readonly socket: Socket) {
    socket.setEncoding('latin1');
    const fail = (error: Error) => {
      this.closed ??= error;
      for (const reject of this.failures.splice(0)) reject(this.closed);
      this.waiting = [];
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('SMTP connection closed')));
    socket.on('data', (data: string) => {
      this.buffer += data;
      for (;;) {
        // A reply ends at a line whose code is followed by a space.
        const match = /^(?:\d{3}-[^\n]*\n)*\d{3} [^\n]*\n/.exec(this.buffer);
        if (!match) break;
        this.buffer = this.buffer.slice(match[0].length);
        this.failures.shift();
        this.waiting.shift()?.(match[0].trimEnd());
      }
    });
  }

  static async open(port: number): Promise<{ client: SmtpClient; greeting: string }> {
    const socket = connect(port, '127.0.0.1');
    const client = new SmtpClient(socket);
    const greeting = await client.reply();
    return { client, greeting };
  }

  private reply(): Promise<string> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(this.closed);
      const timer = setTimeout(() => reject(new Error('SMTP reply timed out')), 20_000);
      this.waiting.push((line) => {
        clearTimeout(timer);
        resolve(line);
      });
      this.failures.push((error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  /** Sends a command line and returns the full reply. */
  command(line: string): Promise<string> {
    const reply = this.reply();
    this.socket.write(`${line}\r\n`);
    return reply;
  }

  /** DATA, the message (dot-stuffed, sent as given), the terminator; returns the final reply. */
  async data(message: string | Buffer): Promise<string> {
    const go = await this.command('DATA');
    if (!go.startsWith('354')) return go;
    const reply = this.reply();
    const text = Buffer.isBuffer(message) ? message.toString('latin1') : message;
    const stuffed = text.replace(/(^|\r\n)\./g, '$1..');
    this.socket.write(Buffer.from(stuffed, 'latin1'));
    this.socket.write(stuffed.endsWith('\r\n') ? '.\r\n' : '\r\n.\r\n');
    return reply;
  }

  private greeted = false;

  async send(from: string, to: string[], message: string | Buffer): Promise<{ rcpt: string[]; data: string | null }> {
    if (!this.greeted) {
      await this.command('EHLO client.test');
      this.greeted = true;
    }
    await this.command(`MAIL FROM:<${from}>`);
    const rcpt: string[] = [];
    for (const r of to) rcpt.push(await this.command(`RCPT TO:<${r}>`));
    const data = rcpt.some((r) => r.startsWith('250')) ? await this.data(message) : null;
    if (!data) await this.command('RSET');
    return { rcpt, data };
  }

  async close(): Promise<void> {
    await this.command('QUIT').catch(() => undefined);
    this.socket.destroy();
  }
}
