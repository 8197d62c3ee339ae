import net from 'node:net';

export interface CutProxy {
  url: string;
  /** Every connection is dropped, and new ones are refused: the server cannot be reached. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP relay in front of a test server, for a browser to reach the server through: cutting
 * it is a server that stops answering while the device stays online (a dead node, a broken
 * route), which the browser's own offline switch cannot show.
 */
export async function startCutProxy(target: string): Promise<CutProxy> {
  const { hostname, port } = new URL(target);
  const open = new Set<net.Socket>();
  let isCut = false;
  const server = net.createServer((client) => {
    if (isCut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut() {
      isCut = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      isCut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
