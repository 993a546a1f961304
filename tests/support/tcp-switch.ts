/**
 * A TCP relay to a service (Redis) that a test can cut: `up` passes everything on, `silent`
 * keeps every connection open and passes nothing (a server that hangs), `down` drops every
 * connection and stops listening, so that new ones are refused (a server that stopped).
 */
import { createConnection, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export type TcpSwitchState = 'up' | 'silent' | 'down';

export interface TcpSwitch {
  port: number;
  state: TcpSwitchState;
  close(): Promise<void>;
}

export async function startTcpSwitch(targetPort: number): Promise<TcpSwitch> {
  let state: TcpSwitchState = 'up';
  const open = new Set<Socket>();
  const server = createServer((inbound) => {
    const outbound = createConnection(targetPort, '127.0.0.1');
    for (const socket of [inbound, outbound]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {
        inbound.destroy();
        outbound.destroy();
      });
    }
    inbound.on('data', (chunk) => state === 'up' && outbound.write(chunk));
    outbound.on('data', (chunk) => state === 'up' && inbound.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    get state() {
      return state;
    },
    set state(value: TcpSwitchState) {
      if (value === 'down' && state !== 'down') {
        server.close();
        for (const socket of open) socket.destroy();
      }
      if (value !== 'down' && state === 'down') server.listen(port, '127.0.0.1');
      state = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        if (!server.listening) return resolve();
        server.close(() => resolve());
      }),
  };
}
