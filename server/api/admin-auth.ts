/**
 * The admin API's own-account calls: sign-in, sign-out, who am I, first-run setup, two-step sign-in and its backup
 * codes, the member's own password, and the forgotten-password link.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import {
  adminLoginResponseSchema,
  adminLoginSchema,
  adminMeSchema,
  backupCodesSchema,
  ownerSetupSchema,
  passwordChangeSchema,
  secondStepCodeSchema,
  staffEmailSchema,
  staffPasswordResetSchema,
  totpCodeSchema,
  totpEnrolmentSchema,
  type StaffMemberBody,
} from "../../core/schemas/admin";
import { can, PERMISSIONS } from "../../core/staff-roles";
import type { AppEnv } from "../context";
import { signedInMember } from "../edge/require-staff";
import type { StaffMember } from "../staff/accounts";
import { clearedStaffSessionCookie, deleteStaffSession, staffSessionToken } from "../staff/sessions";
import { setUpShop } from "../demo/shop-setup";
import { signInStaff } from "../staff/sign-in";
import { confirmTotp, disableTotp, enrolTotp, isTotpRequired, renewBackupCodes } from "../staff/totp";
import { backupCodesLeft } from "../staff/backup-codes";
import { changeOwnPassword, requestStaffPasswordReset, resetStaffPassword, STAFF_RESET_REQUESTED_MESSAGE } from "../staff/passwords";
import { requestClientIp } from "../http/client-ip";
import { adminOperation, iso } from "./admin-operation";
import { BAD_INPUT, bodyOf, errors, json, jsonBody, operation, RATE_LIMITED, register, successSchema } from "./operation";

export const staffBody = (member: StaffMember): StaffMemberBody => ({
  id: member.id,
  email: member.email,
  name: member.name,
  role: member.role,
  totp_enabled: member.totpEnabled,
  created_at: iso(member.createdAt),
});

const login = operation({
  method: "post",
  path: "/auth/login",
  tags: ["admin"],
  summary: "Staff sign-in (sets the staff_session cookie)",
  request: { body: jsonBody(adminLoginSchema) },
  responses: {
    200: json(adminLoginResponseSchema, "Signed in"),
    ...errors({
      400: BAD_INPUT,
      401: "Invalid email or password; or, with field 'code', the authenticator code is needed or wrong",
      429: RATE_LIMITED,
    }),
  },
});

const setup = operation({
  method: "post",
  path: "/setup",
  tags: ["admin"],
  summary: "Create the store's first owner with the setup link npm start printed, and sign them in",
  request: { body: jsonBody(ownerSetupSchema) },
  responses: {
    201: json(adminLoginResponseSchema, "The owner, signed in"),
    ...errors({ 400: `${BAD_INPUT}, or an unknown setup link`, 409: "The email is taken, or an empty start finds the demo content held (decision 0067)", 410: "The link was used or has expired", 429: RATE_LIMITED }),
  },
});

const logout = adminOperation("own-account", {
  method: "post",
  path: "/auth/logout",
  summary: "Staff sign-out (ends the session, clears the cookie)",
  responses: { 200: json(successSchema, "Signed out") },
});

const me = adminOperation("own-account", {
  method: "get",
  path: "/auth/me",
  summary: "The signed-in staff member and what their role may do",
  responses: { 200: json(adminMeSchema, "The signed-in member") },
});

const enrol = adminOperation("own-account", {
  method: "post",
  path: "/auth/totp/enrol",
  summary: "Start two-step sign-in: a new secret for an authenticator app (on once confirmed)",
  responses: { 200: json(totpEnrolmentSchema, "The secret, its otpauth:// address and that address's QR code"), ...errors({ 409: "Already on" }) },
});

const confirm = adminOperation("own-account", {
  method: "post",
  path: "/auth/totp/confirm",
  summary: "Turn two-step sign-in on with the app's first code; answers ten backup codes, shown this once",
  request: { body: jsonBody(totpCodeSchema) },
  responses: { 200: json(backupCodesSchema, "On, with its backup codes"), ...errors({ 400: `${BAD_INPUT}, or a wrong code`, 409: "Already on, or not enrolled" }) },
});

const renewCodes = adminOperation("own-account", {
  method: "post",
  path: "/auth/backup-codes",
  summary: "Ten new backup codes in place of the old ones, with a current code (the app's or a backup code)",
  request: { body: jsonBody(secondStepCodeSchema) },
  responses: {
    200: json(backupCodesSchema, "The new codes, shown this once"),
    ...errors({ 400: `${BAD_INPUT}, or a wrong code`, 409: "Two-step sign-in is not on", 429: RATE_LIMITED }),
  },
});

const changePassword = adminOperation("own-account", {
  method: "post",
  path: "/auth/password",
  summary: "Change the signed-in member's password with the current one; their other sessions end",
  request: { body: jsonBody(passwordChangeSchema) },
  responses: { 200: json(successSchema, "Changed"), ...errors({ 400: `${BAD_INPUT}, a wrong current password, or a refused new one`, 429: RATE_LIMITED }) },
});

const forgotPassword = operation({
  method: "post",
  path: "/auth/forgot-password",
  tags: ["admin"],
  summary: "Email the staff member of this address, if there is one, a one-time link to choose a new password",
  request: { body: jsonBody(staffEmailSchema) },
  responses: {
    200: json(z.object({ message: z.string() }), "The same answer whether or not the email has an account"),
    ...errors({ 400: BAD_INPUT, 429: RATE_LIMITED }),
  },
});

const resetPassword = operation({
  method: "post",
  path: "/auth/reset-password",
  tags: ["admin"],
  summary: "Choose a new password with the emailed link's token; every session of the member ends",
  request: { body: jsonBody(staffPasswordResetSchema) },
  responses: { 200: json(successSchema, "Changed"), ...errors({ 400: `${BAD_INPUT}, a refused password, or a used or lapsed link` }) },
});

const disable = adminOperation("own-account", {
  method: "post",
  path: "/auth/totp/disable",
  summary: "Turn two-step sign-in off with a current code (the app's or a backup code)",
  request: { body: jsonBody(secondStepCodeSchema) },
  responses: {
    200: json(successSchema, "Off"),
    ...errors({ 400: `${BAD_INPUT}, or a wrong code`, 409: "Not on", 422: "The owner requires two-step sign-in", 429: RATE_LIMITED }),
  },
});

export function adminAuthRoutes() {
  const auth = new OpenAPIHono<AppEnv>();

  register(auth, login, async (c) => {
    const body = await bodyOf(c, login);
    const { deps } = c.var;
    const { member, cookie } = await signInStaff(deps, c.req.raw, { storeId: c.var.deps.storeId, ...body });
    c.header("Set-Cookie", cookie);
    const totpSetupRequired = !member.totpEnabled && (await isTotpRequired(deps.db, c.var.deps.storeId));
    return c.json({ staff: { email: member.email, name: member.name, role: member.role }, totp_setup_required: totpSetupRequired });
  });

  register(auth, setup, async (c) => {
    const body = await bodyOf(c, setup);
    const { member, cookie } = await setUpShop(c.var.deps, c.req.raw, { storeId: c.var.deps.storeId, ...body });
    c.header("Set-Cookie", cookie);
    return c.json({ staff: { email: member.email, name: member.name, role: member.role }, totp_setup_required: false }, 201);
  });

  register(auth, logout, async (c) => {
    await deleteStaffSession(c.var.deps.db, staffSessionToken(c.req.raw));
    c.header("Set-Cookie", clearedStaffSessionCookie(c.var.deps.config));
    return c.json({ success: true });
  });

  register(auth, me, async (c) => {
    const member = signedInMember(c);
    return c.json({
      staff: staffBody(member),
      totp_setup_required: c.var.staffActor.totpSetupRequired,
      backup_codes_left: await backupCodesLeft(c.var.deps.db, member.id),
      permissions: PERMISSIONS.filter((permission) => can(member.role, permission)),
    });
  });

  register(auth, enrol, async (c) => {
    const { secret, uri, qrSvg } = await enrolTotp(c.var.deps.db, c.var.deps.storeId, signedInMember(c).id);
    return c.json({ secret, uri, qr_svg: qrSvg });
  });

  register(auth, confirm, async (c) => {
    const { code } = await bodyOf(c, confirm);
    return c.json({ backup_codes: await confirmTotp(c.var.deps.db, c.var.staffActor, signedInMember(c).id, code) });
  });

  register(auth, renewCodes, async (c) => {
    const { code } = await bodyOf(c, renewCodes);
    return c.json({ backup_codes: await renewBackupCodes(c.var.deps, c.var.staffActor, signedInMember(c).id, code) });
  });

  register(auth, changePassword, async (c) => {
    const body = await bodyOf(c, changePassword);
    await changeOwnPassword(c.var.deps, c.var.staffActor, {
      staffId: signedInMember(c).id,
      currentPassword: body.current_password,
      newPassword: body.password,
      clientIp: requestClientIp(c.req.raw),
      keepToken: staffSessionToken(c.req.raw),
    });
    return c.json({ success: true });
  });

  register(auth, forgotPassword, async (c) => {
    const { email } = await bodyOf(c, forgotPassword);
    await requestStaffPasswordReset(c.var.deps, c.var.deps.storeId, email, requestClientIp(c.req.raw));
    return c.json({ message: STAFF_RESET_REQUESTED_MESSAGE });
  });

  register(auth, resetPassword, async (c) => {
    const { token, password } = await bodyOf(c, resetPassword);
    await resetStaffPassword(c.var.deps.db, c.var.deps.storeId, token, password);
    return c.json({ success: true });
  });

  register(auth, disable, async (c) => {
    const { code } = await bodyOf(c, disable);
    await disableTotp(c.var.deps, c.var.staffActor, signedInMember(c).id, code);
    return c.json({ success: true });
  });

  return auth;
}
