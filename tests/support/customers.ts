import { createCustomer } from "../../server/accounts/customers";
import type { TestApp } from "./app";
import { paidOrderBy } from "./checkout";

/** A guest's paid order, then an account signed up with the same email in the case `email` gives (decision 0053). */
export async function guestWhoSignsUp(t: TestApp, email: string, firstName: string, lastName: string) {
  const order = await paidOrderBy(t, { email: email.toLowerCase(), name: `${firstName} ${lastName}` });
  const account = (await createCustomer(t.deps.db, t.deps.storeId, { email, password: "a long customer passphrase", firstName, lastName }))!;
  return { order, account };
}
