import { pino } from "pino";

/** A SQLSTATE: the error came from PostgreSQL (or PGlite). */
const SQLSTATE = /^[0-9A-Z]{5}$/;
/** What identifies a database error without repeating data: which rule, table and column, and where in the server. */
const DATABASE_ERROR_FIELDS = ["constraint", "table", "column", "routine"] as const;
const MAX_CAUSES = 5;

/**
 * The message of an error without the values it may carry. Drizzle's "Failed query: … params: …" lists every
 * parameter of the statement (customers' names, emails, phones, messages), so only the statement before it is kept;
 * PostgreSQL quotes an offending value after a colon ('invalid input syntax for type integer: "…"'), so only the
 * sentence before it is kept.
 */
function messageWithoutValues(error: Error): string {
  const statementOnly = error.message.replace(/\nparams: [\s\S]*$/, "");
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && SQLSTATE.test(code) ? statementOnly.split(": ")[0] : statementOnly;
}

/**
 * Errors as the logs show them: type, message and stack (both without values), the code, the database's rule,
 * table and column, the statement with its placeholders, a status, and the causes the same way. Nothing else an
 * error carries is copied: PostgreSQL's `detail` repeats the row ('Key (email)=(…) already exists'), Drizzle's
 * `params` the values.
 */
function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const fields = error as Error & Record<string, unknown>;
  const message = messageWithoutValues(error);
  const logged: Record<string, unknown> = { type: error.constructor.name, message };
  if (typeof fields.code === "string" || typeof fields.code === "number") logged.code = fields.code;
  for (const key of DATABASE_ERROR_FIELDS) if (typeof fields[key] === "string") logged[key] = fields[key];
  if (typeof fields.query === "string") logged.query = fields.query;
  for (const key of ["status", "statusCode"]) if (typeof fields[key] === "number") logged[key] = fields[key];
  const frames = error.stack?.indexOf("\n    at ") ?? -1;
  if (error.stack && frames >= 0) logged.stack = `${error.name}: ${message}${error.stack.slice(frames)}`;
  if (error.cause !== undefined && depth < MAX_CAUSES) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/** JSON-lines logger shared by the whole server; errors go through serializeError, so SQL parameter values never reach it. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: undefined,
  serializers: { err: (error: unknown) => serializeError(error), error: (error: unknown) => serializeError(error) },
  hooks: {
    // pino makes a lone error's raw message the line's msg; it is logged as `err` instead, its message without values.
    logMethod(args, method) {
      const [first, ...rest] = args as unknown[];
      if (!(first instanceof Error)) return method.apply(this, args);
      const message = rest.length ? rest : [messageWithoutValues(first)];
      return method.apply(this, [{ err: first }, ...message] as Parameters<typeof method>);
    },
  },
});

