/** What the shop's logger prints, captured while `work` runs (at level info, whatever the tests' level is). */
import { pino } from "pino";
import { logger } from "../../server/logger";

export async function captureLogs<T>(work: () => Promise<T> | T): Promise<{ result: T; output: string }> {
  const stream = (logger as unknown as Record<symbol, { write(line: string): unknown }>)[pino.symbols.streamSym];
  const write = stream.write;
  const level = logger.level;
  let output = "";
  stream.write = (line: string) => {
    output += line;
    return true;
  };
  logger.level = "info";
  try {
    return { result: await work(), output };
  } finally {
    stream.write = write;
    logger.level = level;
  }
}
