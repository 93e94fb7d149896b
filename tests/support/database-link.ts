/**
 * The network between a shop and its PostgreSQL, which a test can cut and mend: a TCP relay on a port of its own.
 * Cut, it drops every connection and refuses new ones, as a stopped or unreachable database server does, without
 * stopping the server other tests share.
 */
import { connect, createServer, type AddressInfo, type Server, type Socket } from "node:net";

export type DatabaseLink = {
  /** `databaseUrl` with its host and port replaced by the relay's. */
  url: string;
  cut(): Promise<void>;
  mend(): Promise<void>;
  close(): Promise<void>;
};

export async function startDatabaseLink(databaseUrl: string): Promise<DatabaseLink> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  const relay = (client: Socket) => {
    const server = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, server]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      // A cut or a closed far end shows as the other end closing; the error itself is no news.
      socket.on("error", () => {});
    }
    client.pipe(server).pipe(client);
    client.on("close", () => server.destroy());
    server.on("close", () => client.destroy());
  };
  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const listener = createServer(relay);
      listener.once("error", reject);
      listener.listen(port, "127.0.0.1", () => resolve(listener));
    });
  let listener: Server | null = await listen(0);
  const { port } = listener.address() as AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  const cut = async () => {
    const closing = listener;
    listener = null;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  return {
    url: url.toString(),
    cut,
    async mend() {
      listener ??= await listen(port);
    },
    close: cut,
  };
}
