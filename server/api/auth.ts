/** Accounts (docs/api.md, Accounts): sign-up, sign-in, sign-out, status, and our own forgot/reset password calls. */
import { Hono } from "hono";
import { z } from "zod";
import { RESET_REQUESTED_MESSAGE } from "../../core/account-messages";
import {
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
  type AuthStatus,
  type LoginUser,
} from "../../core/schemas/auth";
import { dummyPasswordHash } from "../accounts/passwords";
import { customerOfSession, sessionToken } from "../accounts/session";
import { chooseNewPassword, forgotPassword, signIn, signOut, signUp } from "../accounts/sign-in";
import type { AppEnv } from "../context";
import { parseWith, readJson } from "../http/errors";

export const statusQuery = z.object({ store_id: z.string().trim().min(1, "is required") });

export function authRoutes() {
  // Computed now rather than on the first unknown email, which would otherwise answer measurably slower.
  void dummyPasswordHash();
  const auth = new Hono<AppEnv>();

  auth.post("/signup", async (c) => {
    const body = await readJson(c, signupSchema);
    const { deps } = c.var;
    await signUp(deps, c.req.raw, {
      storeId: c.var.storeId,
      email: body.email,
      password: body.password,
      firstName: body.first_name,
      lastName: body.last_name,
    });
    // The same answer whether the account was made or the email already had one (its owner is mailed): what was
    // sent, without the new account's id, which only a new account would have.
    return c.json({ user: { email: body.email, first_name: body.first_name, last_name: body.last_name } }, 201);
  });

  auth.post("/login", async (c) => {
    const body = await readJson(c, loginSchema);
    const { deps } = c.var;
    const { customer, cookies } = await signIn(deps, c.req.raw, {
      storeId: c.var.storeId,
      email: body.email,
      password: body.password,
    });
    for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
    const user: LoginUser = {
      id: customer.id,
      email: customer.email,
      firstName: customer.firstName,
      lastName: customer.lastName,
      customerId: customer.id,
    };
    return c.json({ user });
  });

  auth.post("/logout", async (c) => {
    for (const cookie of await signOut(c.var.deps, c.req.raw)) c.header("Set-Cookie", cookie, { append: true });
    return c.json({ success: true });
  });

  auth.get("/status", async (c) => {
    parseWith(statusQuery, c.req.query());
    const { deps } = c.var;
    const customer = await customerOfSession(deps.db, c.var.storeId, sessionToken(c.req.raw));
    const status: AuthStatus = customer
      ? {
          isLoggedIn: true,
          user: { id: customer.id, email: customer.email, first_name: customer.firstName, last_name: customer.lastName },
        }
      : { isLoggedIn: false, user: null };
    c.header("Cache-Control", "no-store");
    return c.json(status);
  });

  auth.post("/forgot-password", async (c) => {
    const body = await readJson(c, forgotPasswordSchema);
    const { deps } = c.var;
    await forgotPassword(deps, c.req.raw, { storeId: c.var.storeId, email: body.email });
    return c.json({ success: true, message: RESET_REQUESTED_MESSAGE });
  });

  auth.post("/reset-password", async (c) => {
    const body = await readJson(c, resetPasswordSchema);
    const { deps } = c.var;
    await chooseNewPassword(deps, c.req.raw, { storeId: c.var.storeId, token: body.token, password: body.password });
    return c.json({ success: true });
  });

  return auth;
}
