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
const loginUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  customerId: z.number(),
});
export type LoginUser = z.infer<typeof loginUserSchema>;
export const loginResponseSchema = z.object({ user: loginUserSchema });

/** Sign-up answers with what was sent, alike whether the account was made or the email already had one. */
export const signupResponseSchema = z.object({
  user: z.object({ email: z.string(), first_name: z.string(), last_name: z.string() }),
});

/** The user as the status check returns it. */
const statusUserSchema = z.object({ id: z.number(), email: z.string(), first_name: z.string(), last_name: z.string() });
export type StatusUser = z.infer<typeof statusUserSchema>;

export const authStatusSchema = z.object({ isLoggedIn: z.boolean(), user: statusUserSchema.nullable() });
export type AuthStatus = z.infer<typeof authStatusSchema>;
