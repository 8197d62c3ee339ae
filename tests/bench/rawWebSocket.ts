// Just enough of a websocket client (RFC 6455) for a load generator holding thousands of
// spectators: one TCP socket each, unmasked server frames read in place, no UTF-8 check, no
// events beyond one callback per message. The `ws` library spends several times this CPU per
// frame, which on a two-core machine is taken from the server being measured.
import { randomBytes } from 'node:crypto';
import net from 'node:net';

const END_OF_HEAD = Buffer.from('\r\n\r\n');
const EMPTY = Buffer.alloc(0);
const READ_BUFFER = Buffer.alloc(256 * 1024);
const OPCODE_TEXT = 0x1;
const OPCODE_BINARY = 0x2;
const OPCODE_CLOSE = 0x8;
const OPCODE_PING = 0x9;
const OPCODE_PONG = 0xa;

export class RawWebSocket {
  private readonly socket: net.Socket;
  private pending: Buffer = EMPTY;
  private upgraded = false;

  /** Opens `path` on the server at `url`; `onMessage` gets each text or binary payload. */
  constructor(
    url: string,
    path: string,
    private readonly onMessage: (payload: Buffer) => void,
    onError: (err: Error) => void,
  ) {
    const { hostname, port } = new URL(url);
    this.socket = net.connect({
      port: Number(port),
      host: hostname,
      // Reads land in one buffer shared by every socket of the process, with no stream
      // events: Node's 'data' path costs several microseconds a read, per spectator.
      onread: {
        buffer: READ_BUFFER,
        callback: (length: number, buffer: Buffer) => {
          try {
            this.read(buffer.subarray(0, length));
          } catch (err) {
            onError(err as Error);
            this.socket.destroy();
          }
          return true;
        },
      },
    });
    this.socket.once('connect', () => {
      this.socket.write(
        `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
          'Sec-WebSocket-Version: 13\r\n\r\n',
      );
    });
    this.socket.setNoDelay(true);
    this.socket.on('error', onError);
  }

  /** Sends a text frame, masked (as a client must) with a key of zeros: no copy needed. */
  send(text: string): void {
    this.frame(OPCODE_TEXT, Buffer.from(text));
  }

  terminate(): void {
    this.socket.destroy();
  }

  private frame(opcode: number, payload: Buffer): void {
    const length = payload.length;
    const head =
      length < 126
        ? Buffer.from([0x80 | opcode, 0x80 | length, 0, 0, 0, 0])
        : Buffer.from([0x80 | opcode, 0x80 | 126, length >> 8, length & 0xff, 0, 0, 0, 0]);
    this.socket.write(Buffer.concat([head, payload]));
  }

  private read(chunk: Buffer): void {
    let data = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    if (!this.upgraded) {
      const end = data.indexOf(END_OF_HEAD);
      if (end === -1) {
        this.pending = Buffer.from(data); // a copy: `data` may be the shared read buffer
        return;
      }
      const status = data.subarray(0, data.indexOf('\r\n')).toString('latin1');
      if (!/^HTTP\/1\.1 101\b/.test(status))
        throw new Error(`Unexpected server response: ${status}`);
      this.upgraded = true;
      data = data.subarray(end + END_OF_HEAD.length);
    }
    // Frames from the server are unmasked and, from Engine.IO or the feed (ws), never fragmented.
    let at = 0;
    while (data.length - at >= 2) {
      const opcode = data[at]! & 0x0f;
      let length = data[at + 1]! & 0x7f;
      let start = at + 2;
      if (length === 126) {
        if (data.length - at < 4) break;
        length = data.readUInt16BE(at + 2);
        start = at + 4;
      } else if (length === 127) {
        if (data.length - at < 10) break;
        length = Number(data.readBigUInt64BE(at + 2));
        start = at + 10;
      }
      if (data.length < start + length) break;
      const payload = data.subarray(start, start + length);
      at = start + length;
      if (opcode === OPCODE_TEXT || opcode === OPCODE_BINARY) this.onMessage(payload);
      else if (opcode === OPCODE_PING) this.frame(OPCODE_PONG, payload);
      else if (opcode === OPCODE_CLOSE) this.socket.destroy();
    }
    this.pending = at === data.length ? EMPTY : Buffer.from(data.subarray(at));
  }
}
