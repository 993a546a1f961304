/**
 * A TCP relay to a server (PostgreSQL, Redis) that a fault test can make fail the ways a real
 * one does. `up` passes everything on; `silent` keeps every connection open and passes
 * nothing (a server that hangs); `cut` resets every open connection and each new one (a
 * restarting or unreachable server); `down` closes every connection and stops listening, so
 * that new ones are refused (a server that stopped).
 */
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export type TcpRelayState = 'up' | 'silent' | 'cut' | 'down';

export interface TcpRelay {
  port: number;
  state: TcpRelayState;
  close(): Promise<void>;
}

export async function startTcpRelay(target: { host?: string; port: number }): Promise<TcpRelay> {
  let state: TcpRelayState = 'up';
  const open = new Set<Socket>();
  const server = createServer((client) => {
    if (state === 'cut') {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target.port, target.host ?? '127.0.0.1');
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        open.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk) => state === 'up' && upstream.write(chunk));
    upstream.on('data', (chunk) => state === 'up' && client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    get state() {
      return state;
    },
    set state(next: TcpRelayState) {
      if (next === 'cut') for (const socket of open) socket.resetAndDestroy();
      if (next === 'down' && state !== 'down') {
        server.close();
        for (const socket of open) socket.destroy();
      }
      if (next !== 'down' && state === 'down') server.listen(port, '127.0.0.1');
      state = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        if (!server.listening) return resolve();
        server.close(() => resolve());
      }),
  };
}
