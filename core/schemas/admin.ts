/** Payloads of the admin API (/api/admin), shared by the API and, later, the admin screens. */
import { z } from "zod";
import { listQuery } from "./fields";
import { PERMISSIONS, STAFF_ROLES } from "../staff-roles";
import { storable } from "./storable";
import { isTimeZone } from "../shop-dates";
import { recordIdParam } from "./record-id";
import { SHOP_START_MESSAGE, SHOP_STARTS } from "../demo-content";
import { isBackupCodeShape } from "../backup-codes";

const email = z.string().trim().min(1, "Email is required").max(254, "Email is too long").pipe(z.email("Invalid email address"));
/** Length and commonness are checked on the server (accounts/passwords.ts), as for customers. */
const password = z.string().min(1, "Password is required").max(1024, "Password is too long");
const name = z.string().trim().min(1, "Name is required").max(100, "Name is too long");
const role = z.enum(STAFF_ROLES, { error: "Role must be one of owner, manager, fulfilment" });
const code = z.string().trim().regex(/^\d{6}$/, "Code must be the 6 digits the authenticator app shows");
/** Where a signed-in member proves the second step again (signing in, turning it off, new backup codes). */
const secondStepCode = z
  .string()
  .trim()
  .refine((value) => /^\d{6}$/.test(value) || isBackupCodeShape(value), "Code must be the 6 digits the authenticator app shows, or a backup code");
const timestamp = z.string().describe("ISO 8601");

export const adminLoginSchema = storable(z.object({ email, password, code: secondStepCode.optional() }));
export const ownerSetupSchema = storable(
  z.object({
    token: z.string().min(1, "Setup token is required").max(200, "Setup token is invalid"),
    email,
    name,
    password,
    time_zone: z
      .string()
      .refine(isTimeZone, "Choose a time zone such as America/New_York")
      .optional()
      .describe("The shop's IANA time zone (decision 0061); absent keeps the server's"),
    start: z
      .enum(SHOP_STARTS, SHOP_START_MESSAGE)
      .optional()
      .describe("demo: keep the demo shop to try things with; empty: remove its content as the owner is made (decision 0067); absent keeps the demo"),
  }),
);
export const newStaffSchema = storable(z.object({ email, name, password, role }));
export const staffRoleChangeSchema = z.object({ role });
export const staffIdParamsSchema = z.object({ id: recordIdParam("id must be a positive whole number") });
export const totpCodeSchema = z.object({ code });
export const secondStepCodeSchema = z.object({ code: secondStepCode });
export const passwordChangeSchema = storable(z.object({ current_password: password, password }));
export const staffEmailSchema = storable(z.object({ email }));
export const staffPasswordResetSchema = storable(
  z.object({ token: z.string().min(1, "Reset token is required").max(200, "Reset token is invalid"), password }),
);
export const staffPolicySchema = z.object({ totp_required: z.boolean({ error: "totp_required must be true or false" }) });
export const newApiTokenSchema = storable(z.object({ name, role }));
export const auditQuerySchema = listQuery({
  entity: z.string().max(100, "entity is too long").optional(),
  actor: z.string().max(254, "actor is too long").optional(),
});

export const staffMemberSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role,
  totp_enabled: z.boolean(),
  created_at: timestamp,
});
export type StaffMemberBody = z.infer<typeof staffMemberSchema>;

export const adminLoginResponseSchema = z.object({
  staff: z.object({ email: z.string(), name: z.string(), role }),
  /** The owner requires two-step sign-in and this account has none yet: nothing else answers until it is set up. */
  totp_setup_required: z.boolean(),
});

export const adminMeSchema = z.object({
  staff: staffMemberSchema,
  totp_setup_required: z.boolean(),
  /** Unused backup codes of two-step sign-in; 0 while it is off. */
  backup_codes_left: z.number(),
  permissions: z.array(z.enum(PERMISSIONS)),
});

export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });
export const staffAnswerSchema = z.object({ staff: staffMemberSchema });
export const totpEnrolmentSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  qr_svg: z.string().describe("The otpauth:// address as an SVG QR code, for an authenticator app to scan"),
});
/** Shown once: only their hashes are kept. */
export const backupCodesSchema = z.object({ backup_codes: z.array(z.string()) });

export const apiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  role,
  created_at: timestamp,
  last_used_at: timestamp.nullable(),
  revoked_at: timestamp.nullable(),
});
export const apiTokenListSchema = z.object({ api_tokens: z.array(apiTokenSchema) });
/** The token itself is in this answer only; the shop keeps its hash. */
export const newApiTokenResponseSchema = z.object({ api_token: apiTokenSchema, token: z.string() });
export const apiTokenAnswerSchema = z.object({ api_token: apiTokenSchema });

export const auditEventSchema = z.object({
  id: z.number(),
  at: timestamp,
  actor: z.object({ kind: z.enum(["staff", "token", "command"]), id: z.number().nullable(), label: z.string() }),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
});
export const auditPageSchema = z.object({ events: z.array(auditEventSchema), next_cursor: z.string().nullable() });
