// Back-pressure: the server answers no faster than the client reads. vscode-jsonrpc reads every
// request as it comes and queues each answer in memory until the transport has written it, so a
// client that sends faster than it reads (hundreds of pipelined requests, each answer megabytes) made
// the server hold every answer at once: 2.5 GB in 14 s, then a heap OOM. Here the connection's writer
// counts the messages not yet written, and a request is handled only while few are waiting (and few
// requests are being handled): the rest wait, cheaply, until the client has read. A request cancelled
// while it waits costs nothing once its turn comes (its handler answers it cancelled).
import { IPCMessageReader, MessageReader, MessageWriter, StreamMessageWriter } from 'vscode-languageserver/node';
import type { Message } from 'vscode-languageserver/node';
import { Emitter } from 'vscode-languageserver/node';

/** How many answers may be written or being worked out at once before a request waits. */
const IN_FLIGHT = 4;

/** Lets a request be handled when few answers wait to be written. */
export class RequestGate {
  private handling = 0;
  private unwritten = 0;
  private readonly waiting: (() => void)[] = [];

  /** Resolves when the request may be handled; call `done` when its handler has finished. */
  enter(): Promise<void> {
    if (this.busy() < IN_FLIGHT && this.waiting.length === 0) {
      this.handling++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  done(): void {
    this.handling--;
    this.admit();
  }

  /** The writer took a message, and has written it (or failed to). */
  writing(): void {
    this.unwritten++;
  }
  written(): void {
    this.unwritten--;
    this.admit();
  }

  private busy(): number {
    return this.handling + this.unwritten;
  }

  private admit(): void {
    while (this.busy() < IN_FLIGHT && this.waiting.length) {
      this.handling++;
      this.waiting.shift()!();
    }
  }
}

/** A writer that tells the gate what it has not written yet. */
class PacedWriter implements MessageWriter {
  readonly onError;
  readonly onClose;
  constructor(
    private readonly inner: MessageWriter,
    private readonly gate: RequestGate,
  ) {
    this.onError = inner.onError;
    this.onClose = inner.onClose;
  }
  write(msg: Message): Promise<void> {
    this.gate.writing();
    return this.inner.write(msg).finally(() => this.gate.written());
  }
  end(): void {
    this.inner.end();
  }
  dispose(): void {
    this.inner.dispose();
  }
}

/**
 * Node IPC (the transport VS Code starts the server with): process.send, whose callback says when the
 * message is written; vscode-jsonrpc's own IPC writer resolves at once, which tells nothing.
 */
class IpcWriter implements MessageWriter {
  private readonly errors = new Emitter<[Error, Message | undefined, number | undefined]>();
  private readonly closes = new Emitter<void>();
  readonly onError = this.errors.event;
  readonly onClose = this.closes.event;
  constructor(private readonly proc: NodeJS.Process) {
    proc.on('error', (e: Error) => this.errors.fire([e, undefined, undefined]));
    proc.on('disconnect', () => this.closes.fire());
  }
  write(msg: Message): Promise<void> {
    return new Promise((resolve) => {
      try {
        this.proc.send!(msg, undefined, undefined, (error: Error | null) => {
          if (error) this.errors.fire([error, msg, 1]);
          resolve();
        });
      } catch (e) {
        this.errors.fire([e as Error, msg, 1]);
        resolve();
      }
    });
  }
  end(): void {
    // the channel is the parent's
  }
  dispose(): void {
    this.errors.dispose();
    this.closes.dispose();
  }
}

/**
 * The transport the command line asks for (--stdio or --node-ipc, as vscode-languageserver reads
 * them), with a paced writer; undefined for the other transports (sockets, pipes), left unpaced.
 * The input of --stdio stays the stream itself, so that vscode-languageserver still ends the server
 * when stdin closes.
 */
export function pacedTransport(argv: string[], gate: RequestGate): { input: NodeJS.ReadableStream | MessageReader; output: MessageWriter; stdio: boolean } | undefined {
  if (argv.includes('--stdio')) return { input: process.stdin, output: new PacedWriter(new StreamMessageWriter(process.stdout), gate), stdio: true };
  if (argv.includes('--node-ipc') && typeof process.send === 'function') {
    return { input: new IPCMessageReader(process), output: new PacedWriter(new IpcWriter(process), gate), stdio: false };
  }
  return undefined;
}
