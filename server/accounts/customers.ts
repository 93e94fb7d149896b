/** Creating customer accounts and checking their passwords. */
import { and, eq } from "drizzle-orm";
import { ACCOUNT_NOT_FOUND_MESSAGE } from "../../core/account-messages";
import type { Database } from "../db/client";
import { customers } from "../db/schema";
import { normalizeEmail } from "../../core/email-address";
import { dummyPasswordHash, hashPassword, assertAcceptablePassword, verifyPassword } from "./passwords";
import type { Customer } from "./session";
import { notSignedIn } from "../../core/errors";

const customerColumns = {
  id: customers.id,
  email: customers.email,
  firstName: customers.firstName,
  lastName: customers.lastName,
};

/** The new customer, or null when the email already has an account (which is left as it is). */
export async function createCustomer(
  db: Database,
  storeId: string,
  input: { email: string; password: string; firstName: string; lastName: string },
): Promise<Customer | null> {
  assertAcceptablePassword(input.password);
  const passwordHash = await hashPassword(input.password);
  // The unique index decides, so two sign-ups racing for one email cannot both succeed.
  const [created] = await db
    .insert(customers)
    .values({
      storeId,
      email: input.email.trim(),
      emailNormalized: normalizeEmail(input.email),
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
    })
    .onConflictDoNothing({ target: [customers.storeId, customers.emailNormalized] })
    .returning(customerColumns);
  return created ?? null;
}

async function findCustomerByEmail(db: Database, storeId: string, email: string) {
  const [row] = await db
    .select({ ...customerColumns, passwordHash: customers.passwordHash })
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.emailNormalized, normalizeEmail(email))));
  return row;
}

/**
 * The customer whose email and password these are. An unknown email and a wrong password get the same 401 after
 * the same scrypt work, so neither the answer nor its timing tells whether the email has an account.
 */
export async function authenticate(db: Database, storeId: string, email: string, password: string): Promise<Customer> {
  const row = await findCustomerByEmail(db, storeId, email);
  const valid = await verifyPassword(password, row?.passwordHash ?? (await dummyPasswordHash()));
  if (!row || !valid) throw notSignedIn(ACCOUNT_NOT_FOUND_MESSAGE);
  return { id: row.id, email: row.email, firstName: row.firstName, lastName: row.lastName };
}
