import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';

/**
 * A push service on this machine: the web-push-testing package, which stands in for the browser
 * vendors' push services (this machine cannot reach them). It hands out subscriptions like a
 * browser's, checks the VAPID signature of every push, decrypts the payload and keeps it.
 */
export type LocalPushService = {
  url: string;
  /** A subscription as PushSubscription.toJSON() gives it, and the id to read its messages with. */
  subscribe(applicationServerKey: string): Promise<{
    endpoint: string;
    keys: { p256dh: string; auth: string };
    clientHash: string;
  }>;
  /** The decrypted payloads the service accepted for this subscription, oldest first. */
  messages(clientHash: string): Promise<string[]>;
  /** From now on the service answers 410 Gone for it, as for a browser that unsubscribed. */
  expire(clientHash: string): Promise<void>;
  close(): Promise<void>;
};

type TestingServer = { startServer(): void; _server: Server };

export async function startLocalPushService(): Promise<LocalPushService> {
  const require = createRequire(import.meta.url);
  const Server = require('web-push-testing/src/server.js') as new (model: unknown, port: number) => TestingServer;
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => object };
  const model = new PushApiModel() as { notifyUrl: string };
  // Port 0 picks a free port; the model's endpoint prefix is set once it is known.
  const server = new Server(model, 0);
  const log = console.log;
  console.log = () => undefined;
  try {
    server.startServer();
    await once(server._server, 'listening');
  } finally {
    console.log = log;
  }
  const address = server._server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://localhost:${port}`;
  model.notifyUrl = `${url}/notify/`;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.status === 200 && res.headers.get('content-type')?.includes('json') ? res.json() : null;
  };
  return {
    url,
    async subscribe(applicationServerKey) {
      const res = (await post('/subscribe', { applicationServerKey, userVisibleOnly: 'true' })) as {
        data: { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };
      };
      return res.data;
    },
    async messages(clientHash) {
      const res = (await post('/get-notifications', { clientHash })) as { data: { messages: string[] } };
      return res.data.messages;
    },
    async expire(clientHash) {
      await post(`/expire-subscription/${clientHash}`, {});
    },
    close: () =>
      new Promise<void>((resolve) => {
        server._server.closeAllConnections?.();
        server._server.close(() => resolve());
      }),
  };
}
