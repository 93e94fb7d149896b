/** A command line the shop cannot run: the usage is printed instead, with exit code 2. */
export class CommandUsageError extends Error {}

/** An argument naming a record by a whole number from 1; anything else is refused with the command's usage. */
export function wholeNumberArg(raw: string | undefined, what: string, usage: string): number {
  const value = Number(raw);
  if (!raw || !Number.isInteger(value) || value < 1) throw new CommandUsageError(`${what} is a whole number (got "${raw ?? ""}").\n\n${usage}`);
  return value;
}

/** The value after `name` in the arguments, or undefined when it is not given; a name with no value after it is refused. */
export function optionArg(args: string[], name: string, usage: string): string | undefined {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith("--")) throw new CommandUsageError(`${name} needs a value.\n\n${usage}`);
  return value;
}
