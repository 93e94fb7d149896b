/**
 * Password hashing with scrypt (memory-hard, in node:crypto) and a random salt per password. The stored form
 * names its parameters, so they can be raised later without locking anyone out.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { isCommonPassword } from "./common-passwords";
import { DomainError } from "../../core/errors";

/**
 * scrypt's cost: 2^15 makes each guess at a stolen hash expensive. The Vitest runs, which make up hundreds of accounts
 * and sign them in, hash at 2^10 instead, as Django's test settings swap in a fast hasher (decision 0048); the
 * journeys run the shop as in production, at the full cost. A stored hash names its cost, so either verifies.
 */
const params = () => ({ N: process.env.NODE_ENV === "test" ? 2 ** 10 : 2 ** 15, r: 8, p: 1 });
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

const MIN_PASSWORD_LENGTH = 8;
/** scrypt hashes any length, but an enormous password is a cheap way to make the server work hard. */
const MAX_PASSWORD_LENGTH = 256;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const cost = params();
  const key = await derive(password, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** One per cost, so an unknown email is checked at the cost a real hash would be. */
const dummyHashes = new Map<number, Promise<string>>();

/**
 * A hash of nothing anyone knows, checked when the email has no account, so that answer takes as long as a
 * wrong password and timing does not tell which emails have accounts.
 */
export function dummyPasswordHash(): Promise<string> {
  const { N } = params();
  let dummy = dummyHashes.get(N);
  if (!dummy) dummyHashes.set(N, (dummy = hashPassword(randomBytes(24).toString("base64"))));
  return dummy;
}

/** A new password that is refused; pages show it beside the password field. */
export class PasswordRejectedError extends DomainError {
  constructor(message: string) {
    super("bad-input", message);
  }
}

export function assertAcceptablePassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new PasswordRejectedError(problem);
}

function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  if (isCommonPassword(password)) return "This password is too common. Please choose a less common password.";
  return undefined;
}
