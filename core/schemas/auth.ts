/** Payloads of the account calls (docs/api.md, Accounts), shared by the API and the account pages. */
import { z } from "zod";
import { storable } from "./storable";

const storeId = z.string().trim().min(1, "is required");
const email = z.string().trim().min(1, "Email is required").max(254, "Email is too long").pipe(z.email("Invalid email address"));
/** Length and commonness are checked on the server with a message of their own; the client shows no rules. */
const password = z.string().min(1, "Password is required").max(1024, "Password is too long");
const name = (label: string) => z.string().trim().min(1, `${label} is required`).max(100, `${label} is too long`);

export const loginSchema = storable(z.object({ email, password, store_id: storeId }));

export const signupSchema = storable(z.object({
  email,
  password,
  store_id: storeId,
  first_name: name("First name"),
  last_name: name("Last name"),
}));

export const forgotPasswordSchema = storable(z.object({ email, store_id: storeId }));

export const resetPasswordSchema = storable(z.object({
  token: z.string().min(1, "Reset token is required").max(200, "Reset token is invalid"),
  password,
  store_id: storeId,
}));

/** The user as login returns it. */
export type LoginUser = { id: number; email: string; firstName: string; lastName: string; customerId: number };

/** The user as the status check returns it. */
export type StatusUser = { id: number; email: string; first_name: string; last_name: string };

export type AuthStatus = { isLoggedIn: boolean; user: StatusUser | null };
