/**
 * A TCP stand-in for a database server that a fault test can cut off and bring back: while up
 * it relays every connection to the real server; cut, it resets the open connections and
 * every new one, as a restarting or unreachable PostgreSQL does to its clients.
 */
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Resets every open connection and refuses new ones until restored. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  const state = { up: true };
  const server = createServer((client) => {
    if (!state.up) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        open.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      state.up = false;
      for (const socket of open) socket.resetAndDestroy();
    },
    restore() {
      state.up = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
