/** The owner's staff and API-token management, and the audit trail (owner and manager). */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import {
  apiTokenAnswerSchema,
  apiTokenListSchema,
  auditPageSchema,
  auditQuerySchema,
  newApiTokenResponseSchema,
  newApiTokenSchema,
  newStaffSchema,
  staffAnswerSchema,
  staffIdParamsSchema,
  staffListSchema,
  staffPolicySchema,
  staffRoleChangeSchema,
} from "../../core/schemas/admin";
import type { AppEnv } from "../context";
import { parseWith } from "../http/errors";
import { changeStaffRole, createStaff, listStaff, removeStaff } from "../staff/accounts";
import { listAudit, type AuditEvent } from "../staff/audit";
import { createApiToken, listApiTokens, revokeApiToken, type ApiToken } from "../staff/tokens";
import { isTotpRequired, setTotpRequired } from "../staff/totp";
import { staffBody } from "./admin-auth";
import { adminOperation, iso, isoOrNull } from "./admin-operation";
import { BAD_INPUT, bodyOf, errors, json, jsonBody, queryOf, register, successSchema } from "./operation";

const NOT_FOUND = "No such record in this store";

const listStaffOperation = adminOperation("staff", {
  method: "get",
  path: "/staff",
  tags: ["admin"],
  summary: "Every staff account",
  responses: { 200: json(staffListSchema, "The store's staff") },
});

const addStaff = adminOperation("staff", {
  method: "post",
  path: "/staff",
  tags: ["admin"],
  summary: "Add a staff account",
  request: { body: jsonBody(newStaffSchema) },
  responses: { 201: json(staffAnswerSchema, "The new account"), ...errors({ 400: BAD_INPUT, 409: "The email already has an account" }) },
});

const changeRole = adminOperation("staff", {
  method: "patch",
  path: "/staff/{id}",
  tags: ["admin"],
  summary: "Give a staff account another role",
  request: { params: staffIdParamsSchema, body: jsonBody(staffRoleChangeSchema) },
  responses: {
    200: json(staffAnswerSchema, "The account"),
    ...errors({ 400: BAD_INPUT, 404: NOT_FOUND, 422: "The store's last owner keeps the role" }),
  },
});

const removeStaffOperation = adminOperation("staff", {
  method: "delete",
  path: "/staff/{id}",
  tags: ["admin"],
  summary: "Remove a staff account (its sessions end)",
  request: { params: staffIdParamsSchema },
  responses: {
    200: json(successSchema, "Removed"),
    ...errors({ 400: BAD_INPUT, 404: NOT_FOUND, 422: "The store's last owner cannot be removed" }),
  },
});

const readPolicy = adminOperation("staff", {
  method: "get",
  path: "/staff-policy",
  tags: ["admin"],
  summary: "Whether every staff account must use two-step sign-in",
  responses: { 200: json(staffPolicySchema, "The policy") },
});

const setPolicy = adminOperation("staff", {
  method: "post",
  path: "/staff-policy",
  tags: ["admin"],
  summary: "Require two-step sign-in of every staff account, or stop requiring it",
  request: { body: jsonBody(staffPolicySchema) },
  responses: { 200: json(staffPolicySchema, "The policy"), ...errors({ 400: BAD_INPUT }) },
});

const listTokens = adminOperation("tokens", {
  method: "get",
  path: "/tokens",
  tags: ["admin"],
  summary: "Every API token, revoked ones too (never the tokens themselves)",
  responses: { 200: json(apiTokenListSchema, "The store's tokens") },
});

const addToken = adminOperation("tokens", {
  method: "post",
  path: "/tokens",
  tags: ["admin"],
  summary: "Make an API token acting with a role; the token is in this answer only",
  request: { body: jsonBody(newApiTokenSchema) },
  responses: { 201: json(newApiTokenResponseSchema, "The token, shown once"), ...errors({ 400: BAD_INPUT }) },
});

const revokeToken = adminOperation("tokens", {
  method: "delete",
  path: "/tokens/{id}",
  tags: ["admin"],
  summary: "Revoke an API token",
  request: { params: staffIdParamsSchema },
  responses: { 200: json(apiTokenAnswerSchema, "The revoked token"), ...errors({ 400: BAD_INPUT, 404: NOT_FOUND }) },
});

const audit = adminOperation("audit", {
  method: "get",
  path: "/audit",
  tags: ["admin"],
  summary: "The audit trail, newest first, by entity kind or actor (email, token name, 'command line')",
  request: { query: auditQuerySchema },
  responses: { 200: json(auditPageSchema, "A page of events; next_cursor fetches the next"), ...errors({ 400: BAD_INPUT }) },
});

const idOf = (c: Context<AppEnv>) => Number(parseWith(staffIdParamsSchema, { id: c.req.param("id") }).id);

const tokenBody = (token: ApiToken) => ({
  id: token.id,
  name: token.name,
  role: token.role,
  created_at: iso(token.createdAt),
  last_used_at: isoOrNull(token.lastUsedAt),
  revoked_at: isoOrNull(token.revokedAt),
});

const eventBody = (event: AuditEvent): z.infer<typeof auditPageSchema>["events"][number] => ({
  id: event.id,
  at: iso(event.at),
  actor: { kind: event.actorKind, id: event.actorId, label: event.actorLabel },
  action: event.action,
  entity: event.entity,
  entity_id: event.entityId,
  changes: event.changes,
});

export function adminStaffRoutes() {
  const admin = new OpenAPIHono<AppEnv>();

  register(admin, listStaffOperation, async (c) => {
    const members = await listStaff(c.var.deps.db, c.var.storeId);
    return c.json({ staff: members.map(staffBody) });
  });

  register(admin, addStaff, async (c) => {
    const body = await bodyOf(c, addStaff);
    const member = await createStaff(c.var.deps.db, c.var.staffActor, body);
    return c.json({ staff: staffBody(member) }, 201);
  });

  register(admin, changeRole, async (c) => {
    const id = idOf(c);
    const { role } = await bodyOf(c, changeRole);
    return c.json({ staff: staffBody(await changeStaffRole(c.var.deps.db, c.var.staffActor, id, role)) });
  });

  register(admin, removeStaffOperation, async (c) => {
    await removeStaff(c.var.deps.db, c.var.staffActor, idOf(c));
    return c.json({ success: true });
  });

  register(admin, readPolicy, async (c) => c.json({ totp_required: await isTotpRequired(c.var.deps.db, c.var.storeId) }));

  register(admin, setPolicy, async (c) => {
    const { totp_required: required } = await bodyOf(c, setPolicy);
    await setTotpRequired(c.var.deps.db, c.var.staffActor, required);
    return c.json({ totp_required: required });
  });

  register(admin, listTokens, async (c) => {
    const tokens = await listApiTokens(c.var.deps.db, c.var.storeId);
    return c.json({ api_tokens: tokens.map(tokenBody) });
  });

  register(admin, addToken, async (c) => {
    const body = await bodyOf(c, addToken);
    const { token, secret } = await createApiToken(c.var.deps.db, c.var.staffActor, body);
    return c.json({ api_token: tokenBody(token), token: secret }, 201);
  });

  register(admin, revokeToken, async (c) => {
    const token = await revokeApiToken(c.var.deps.db, c.var.staffActor, idOf(c));
    return c.json({ api_token: tokenBody(token) });
  });

  register(admin, audit, async (c) => {
    const query = queryOf(c, audit);
    const page = await listAudit(c.var.deps.db, c.var.storeId, query);
    return c.json({ events: page.events.map(eventBody), next_cursor: page.nextCursor });
  });

  return admin;
}
