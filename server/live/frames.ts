import type { Server } from 'socket.io';

/** Socket.IO's EVENT packet (socket.io-parser's PacketType.EVENT). */
const EVENT = 2;
/** Engine.IO's MESSAGE packet, which carries a Socket.IO packet. */
const MESSAGE = '4';
/** ws's OPEN ready state. */
const OPEN = 1;

/** A final, unmasked text frame (RFC 6455, 5.2), as a server sends. */
export function textFrame(text: string): Buffer {
  const data = Buffer.from(text);
  const { length } = data;
  const header = length < 126 ? 2 : length < 0x10000 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81; // FIN and opcode 1, text
  if (length < 126) {
    frame[1] = length;
  } else if (length < 0x10000) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  data.copy(frame, header);
  return frame;
}

/** What is used here of an Engine.IO connection and its websocket transport. */
interface EngineSocket {
  readyState: string;
  /** Packets not yet handed to the transport: a frame written past them would overtake. */
  writeBuffer: unknown[];
  transport: {
    name: string;
    /** False while the transport's last write is under way. */
    writable: boolean;
    perMessageDeflate?: unknown;
    socket?: { readyState: number; _sender?: { sendFrame(list: Buffer[]): void } };
  };
}

/**
 * Sends an event to every socket in the rooms (once to a socket in several), as
 * `io.to(rooms).emit(name, payload)` does, but as one WebSocket frame made once and written
 * as is to each socket whose websocket has nothing else queued. Socket.IO already encodes a
 * broadcast once; past that, Engine.IO still made a packet, emitted three events and ran
 * two callbacks per socket, which with 5,000 spectators per process cost a publication
 * some 20 ms of work and garbage before the first byte of the last socket's write. A socket
 * polling, upgrading or with packets waiting gets the usual emit, so that nothing overtakes.
 */
export function emitToRooms(io: Server, rooms: string[], name: string, payload: unknown): void {
  const namespace = io.of('/');
  const encoded: unknown[] = io.encoder.encode({
    type: EVENT,
    nsp: '/',
    data: [name, payload],
  });
  const [text] = encoded;
  // Binary payloads take several frames: Socket.IO's own way then.
  if (encoded.length !== 1 || typeof text !== 'string') {
    io.to(rooms).emit(name, payload);
    return;
  }
  const frame = [textFrame(MESSAGE + text)];
  const sent = rooms.length > 1 ? new Set<string>() : null;
  for (const room of rooms) {
    for (const id of namespace.adapter.rooms.get(room) ?? []) {
      if (sent) {
        if (sent.has(id)) continue;
        sent.add(id);
      }
      const socket = namespace.sockets.get(id);
      if (!socket) continue;
      const { readyState, writeBuffer, transport } = socket.conn as unknown as EngineSocket;
      const sender = transport.socket?._sender;
      if (
        sender &&
        readyState === 'open' &&
        transport.name === 'websocket' &&
        transport.writable &&
        !transport.perMessageDeflate &&
        writeBuffer.length === 0 &&
        transport.socket?.readyState === OPEN
      ) {
        sender.sendFrame(frame);
      } else {
        socket.emit(name, payload);
      }
    }
  }
}
