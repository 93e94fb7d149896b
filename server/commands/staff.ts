/**
 * `npm run shop -- staff add <email> --role <role> [--name <name>] --password-stdin | list | remove <email> | setup-link`: staff
 * accounts from a terminal, for a first owner without a browser or one locked out of the back office. The password is
 * read from standard input by the command line (passwordFromStdin), never taken as an argument, which shell history
 * and process lists would keep. Each change is recorded in the audit trail as done from the command line.
 */
import { STAFF_ROLES, type StaffRole } from "../../core/staff-roles";
import type { AppDeps } from "../context";
import { createStaff, findStaffByEmail, listStaff, removeStaff, STAFF_NOT_FOUND_MESSAGE } from "../staff/accounts";
import { commandLineActor } from "../audit/audit";
import { ensureSetupLink } from "../staff/setup-link";
import { PASSWORD_FLAG } from "./password-stdin";
import { CommandUsageError, optionArg } from "./usage-error";

export const STAFF_USAGE = [
  "Usage: npm run shop -- staff <command>",
  "  add <email> --role <owner|manager|fulfilment> [--name <name>] --password-stdin",
  "                    add a staff account; the password is the first line of standard input",
  "  list              every staff account with its role",
  "  remove <email>    remove a staff account (never the last owner)",
  "  setup-link        a new one-time link that creates the owner, while the shop has no staff",
].join("\n");

const option = (args: string[], name: string) => optionArg(args, name, STAFF_USAGE);

function roleOf(raw: string | undefined): StaffRole {
  const role = STAFF_ROLES.find((candidate) => candidate === raw);
  if (!role) throw new CommandUsageError(`--role is one of ${STAFF_ROLES.join(", ")} (got "${raw ?? ""}").\n\n${STAFF_USAGE}`);
  return role;
}

function emailOf(raw: string | undefined): string {
  if (!raw || raw.startsWith("--")) throw new CommandUsageError(`An email is needed.\n\n${STAFF_USAGE}`);
  return raw;
}

export async function staffCommand(deps: AppDeps, storeId: string, args: string[]): Promise<string> {
  const [sub, ...rest] = args;
  const actor = commandLineActor(storeId);
  switch (sub) {
    case "add": {
      const email = emailOf(rest[0]);
      const role = roleOf(option(rest, "--role"));
      const password = rest.find((arg) => arg.startsWith(`${PASSWORD_FLAG}=`))?.slice(PASSWORD_FLAG.length + 1);
      if (password === undefined) throw new CommandUsageError(`The password comes from standard input: add ${PASSWORD_FLAG}.\n\n${STAFF_USAGE}`);
      const name = option(rest, "--name") ?? email.split("@")[0];
      const member = await createStaff(deps.db, actor, { email, name, password, role });
      return `Added ${member.email} as ${member.role}.`;
    }
    case "list": {
      const members = await listStaff(deps.db, storeId);
      if (members.length === 0) return "No staff yet: npm start prints a setup link, or add an owner with staff add.";
      return members
        .map((member) => `${member.email}  ${member.role.padEnd(10)}  ${member.name}${member.totpEnabled ? "  (two-step sign-in)" : ""}`)
        .join("\n");
    }
    case "remove": {
      const email = emailOf(rest[0]);
      const member = await findStaffByEmail(deps.db, storeId, email);
      if (!member) throw new Error(`${STAFF_NOT_FOUND_MESSAGE}: ${email}`);
      await removeStaff(deps.db, actor, member.id);
      return `Removed ${member.email}.`;
    }
    case "setup-link": {
      // The link npm start printed may be lost, or have lapsed; it is made by the running shop, with its PUBLIC_URL.
      const link = await ensureSetupLink({ ...deps, storeId });
      return link ? `Create the owner's account within 24 hours at:\n  ${link}` : "The shop has staff already: sign in at /admin/login.";
    }
    default:
      throw new CommandUsageError(STAFF_USAGE);
  }
}
