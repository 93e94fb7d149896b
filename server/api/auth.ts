/** Accounts (docs/api.md, Accounts): sign-up, sign-in, sign-out, status, and our own forgot/reset password calls. */
import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { RESET_REQUESTED_MESSAGE } from "../../core/account-messages";
import {
  authStatusSchema,
  forgotPasswordSchema,
  loginResponseSchema,
  loginSchema,
  resetPasswordSchema,
  signupResponseSchema,
  signupSchema,
  type AuthStatus,
  type LoginUser,
} from "../../core/schemas/auth";
import { dummyPasswordHash } from "../accounts/passwords";
import { customerOfSession, sessionToken } from "../accounts/session";
import { chooseNewPassword, forgotPassword, signIn, signOut, signUp } from "../sign-in/sign-in";
import type { AppEnv } from "../context";
import {
  BAD_INPUT,
  bodyOf,
  errors,
  json,
  jsonBody,
  operation,
  queryOf,
  RATE_LIMITED,
  register,
  successMessageSchema,
  successSchema,
  UNKNOWN_STORE,
} from "./operation";

const signupOperation = operation({
  method: "post",
  path: "/signup",
  tags: ["auth"],
  summary: "Create an account",
  request: { body: jsonBody(signupSchema) },
  responses: {
    201: json(signupResponseSchema, "Alike whether the account was made or the email already had one (its owner is mailed)"),
    ...errors({ 400: BAD_INPUT, 404: UNKNOWN_STORE, 429: RATE_LIMITED }),
  },
});

const login = operation({
  method: "post",
  path: "/login",
  tags: ["auth"],
  summary: "Sign in (sets the session cookie)",
  request: { body: jsonBody(loginSchema) },
  responses: {
    200: json(loginResponseSchema, "The signed-in customer"),
    ...errors({ 400: BAD_INPUT, 401: "Account not found", 404: UNKNOWN_STORE, 429: RATE_LIMITED }),
  },
});

const logout = operation({
  method: "post",
  path: "/logout",
  tags: ["auth"],
  summary: "Sign out (clears the session cookie)",
  responses: { 200: json(successSchema, "Signed out") },
});

const status = operation({
  method: "get",
  path: "/status",
  tags: ["auth"],
  summary: "Whether the request is signed in, and as whom",
  request: { query: z.object({ store_id: z.string().trim().min(1, "is required") }) },
  responses: { 200: json(authStatusSchema, "The signed-in customer, or none"), ...errors({ 400: BAD_INPUT, 404: UNKNOWN_STORE }) },
});

const forgotPasswordOperation = operation({
  method: "post",
  path: "/forgot-password",
  tags: ["auth"],
  summary: "Email a password reset link (same answer whether or not the account exists)",
  request: { body: jsonBody(forgotPasswordSchema) },
  responses: {
    200: json(successMessageSchema, "Mailed when the account exists"),
    ...errors({ 400: BAD_INPUT, 404: UNKNOWN_STORE, 429: RATE_LIMITED }),
  },
});

const resetPassword = operation({
  method: "post",
  path: "/reset-password",
  tags: ["auth"],
  summary: "Choose a new password with a reset token",
  request: { body: jsonBody(resetPasswordSchema) },
  responses: {
    200: json(successSchema, "The password is changed"),
    ...errors({ 400: "Bad input, or an invalid or expired token", 404: UNKNOWN_STORE, 429: RATE_LIMITED }),
  },
});

export function authRoutes() {
  // Computed now rather than on the first unknown email, which would otherwise answer measurably slower.
  void dummyPasswordHash();
  const auth = new OpenAPIHono<AppEnv>();

  register(auth, signupOperation, async (c) => {
    const body = await bodyOf(c, signupOperation);
    const { deps } = c.var;
    await signUp(deps, c.req.raw, {
      storeId: c.var.deps.storeId,
      email: body.email,
      password: body.password,
      firstName: body.first_name,
      lastName: body.last_name,
    });
    // The same answer whether the account was made or the email already had one (its owner is mailed): what was
    // sent, without the new account's id, which only a new account would have.
    return c.json({ user: { email: body.email, first_name: body.first_name, last_name: body.last_name } }, 201);
  });

  register(auth, login, async (c) => {
    const body = await bodyOf(c, login);
    const { deps } = c.var;
    const { customer, cookies } = await signIn(deps, c.req.raw, {
      storeId: c.var.deps.storeId,
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

  register(auth, logout, async (c) => {
    for (const cookie of await signOut(c.var.deps, c.req.raw)) c.header("Set-Cookie", cookie, { append: true });
    return c.json({ success: true });
  });

  register(auth, status, async (c) => {
    queryOf(c, status);
    const { deps } = c.var;
    const customer = await customerOfSession(deps.db, c.var.deps.storeId, sessionToken(c.req.raw));
    const answer: AuthStatus = customer
      ? {
          isLoggedIn: true,
          user: { id: customer.id, email: customer.email, first_name: customer.firstName, last_name: customer.lastName },
        }
      : { isLoggedIn: false, user: null };
    c.header("Cache-Control", "no-store");
    return c.json(answer);
  });

  register(auth, forgotPasswordOperation, async (c) => {
    const body = await bodyOf(c, forgotPasswordOperation);
    const { deps } = c.var;
    await forgotPassword(deps, c.req.raw, { storeId: c.var.deps.storeId, email: body.email });
    return c.json({ success: true, message: RESET_REQUESTED_MESSAGE });
  });

  register(auth, resetPassword, async (c) => {
    const body = await bodyOf(c, resetPassword);
    const { deps } = c.var;
    await chooseNewPassword(deps, c.req.raw, { storeId: c.var.deps.storeId, token: body.token, password: body.password });
    return c.json({ success: true });
  });

  return auth;
}
