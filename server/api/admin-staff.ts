/** The owner's staff and API-token management, and the audit trail (owner and manager). */
import { OpenAPIHono } from "@hono/zod-openapi";
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
import { changeStaffRole, createStaff, listStaff, removeStaff } from "../staff/accounts";
import { listAudit, type AuditEvent } from "../audit/audit";
import { createApiToken, listApiTokens, revokeApiToken, type ApiToken } from "../staff/tokens";
import { isTotpRequired, setTotpRequired } from "../staff/totp";
import { sendStaffPasswordReset } from "../staff/passwords";
import { staffBody } from "./admin-auth";
import { adminOperation, iso, isoOrNull, pageAnswer, pagedList, resourceOperations } from "./admin-operation";
import { BAD_INPUT, bodyOf, errors, json, jsonBody, numberParam, register, successSchema } from "./operation";

const NOT_FOUND = "No such record in this store";

const onStaff = resourceOperations("staff", { path: "/staff", answer: json(staffListSchema, "The store's staff") });

const listStaffOperation = onStaff.get({ summary: "Every staff account" });

const addStaff = onStaff.post({
  summary: "Add a staff account",
  body: jsonBody(newStaffSchema),
  answers: { 201: json(staffAnswerSchema, "The new account") },
  refusals: { 409: "The email already has an account" },
});

const onMember = resourceOperations("staff", {
  path: "/staff/{id}",
  params: staffIdParamsSchema,
  notFound: NOT_FOUND,
  answer: json(staffAnswerSchema, "The account"),
});

const changeRole = onMember.patch({
  summary: "Give a staff account another role",
  body: jsonBody(staffRoleChangeSchema),
  refusals: { 422: "The store's last owner keeps the role" },
});

const removeStaffOperation = onMember.delete({
  summary: "Remove a staff account (its sessions end)",
  answers: { 200: json(successSchema, "Removed") },
  refusals: { 422: "The store's last owner cannot be removed" },
});

const sendReset = onMember.post({
  path: "/password-reset",
  summary: "Email the member a one-time link, valid for an hour, to choose a new password",
  answers: { 200: json(successSchema, "Sent") },
  refusals: { 422: "The member was sent the hour's most links already" },
});

const onPolicy = resourceOperations("staff", { path: "/staff-policy", answer: json(staffPolicySchema, "The policy") });

const readPolicy = onPolicy.get({ summary: "Whether every staff account must use two-step sign-in" });

const setPolicy = onPolicy.post({
  summary: "Require two-step sign-in of every staff account, or stop requiring it",
  body: jsonBody(staffPolicySchema),
});

const onTokens = resourceOperations("tokens", { path: "/tokens", answer: json(apiTokenListSchema, "The store's tokens") });

const listTokens = onTokens.get({ summary: "Every API token, revoked ones too (never the tokens themselves)" });

const addToken = onTokens.post({
  summary: "Make an API token acting with a role; the token is in this answer only",
  body: jsonBody(newApiTokenSchema),
  answers: { 201: json(newApiTokenResponseSchema, "The token, shown once") },
});

const revokeToken = adminOperation("tokens", {
  method: "delete",
  path: "/tokens/{id}",
  summary: "Revoke an API token",
  request: { params: staffIdParamsSchema },
  responses: { 200: json(apiTokenAnswerSchema, "The revoked token"), ...errors({ 400: BAD_INPUT, 404: NOT_FOUND }) },
});

const audit = adminOperation("audit", {
  ...pagedList("/audit", auditQuerySchema, auditPageSchema, "events"),
  summary: "The audit trail, newest first, by entity kind or actor (email, token name, 'command line')",
});

const idOf = numberParam(staffIdParamsSchema, "id");

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
    const members = await listStaff(c.var.deps.db, c.var.deps.storeId);
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

  register(admin, sendReset, async (c) => {
    await sendStaffPasswordReset(c.var.deps, c.var.staffActor, idOf(c));
    return c.json({ success: true });
  });

  register(admin, readPolicy, async (c) => c.json({ totp_required: await isTotpRequired(c.var.deps.db, c.var.deps.storeId) }));

  register(admin, setPolicy, async (c) => {
    const { totp_required: required } = await bodyOf(c, setPolicy);
    await setTotpRequired(c.var.deps.db, c.var.staffActor, required);
    return c.json({ totp_required: required });
  });

  register(admin, listTokens, async (c) => {
    const tokens = await listApiTokens(c.var.deps.db, c.var.deps.storeId);
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

  register(admin, audit, pageAnswer(audit, "events", listAudit, eventBody));

  return admin;
}
