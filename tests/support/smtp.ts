/**
 * A real SMTP server (smtp-server) on a free local port, for tests of what the shop's mail looks like on the wire
 * and of how delivery failures are handled.
 */
import { SMTPServer } from "smtp-server";

export type TestSmtpServer = {
  url: string;
  /** Raw messages accepted, oldest first. */
  received: string[];
  /** Refuses the next `count` messages with a temporary 451 (a greylisting or overloaded server), then accepts. */
  refuseNext(count: number, code?: number): void;
  close(): Promise<void>;
};

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: string[] = [];
  let refusals = 0;
  let refusalCode = 451;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        if (refusals > 0) {
          refusals--;
          const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: refusalCode });
          callback(error);
          return;
        }
        received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count, code = 451) {
      refusals = count;
      refusalCode = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
