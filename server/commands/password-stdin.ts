/**
 * The staff command's password, read from standard input where the owner typed the command: never an argument, which
 * shell history and process lists would keep. Apart from the staff command, so the command line reads it without
 * loading the staff accounts' code when a running shop takes the command (scripts/shop.ts).
 */
export const PASSWORD_FLAG = "--password-stdin";

/**
 * The arguments with the password read from `input` in place of --password-stdin (as --password-stdin=<password>),
 * so the command runs alike here or handed to the running shop. Arguments without the flag are returned as they are.
 */
export async function passwordFromStdin(args: string[], input: NodeJS.ReadableStream): Promise<string[]> {
  if (args[0] !== "staff" || !args.includes(PASSWORD_FLAG)) return args;
  let text = "";
  input.setEncoding("utf8");
  for await (const chunk of input) text += chunk as string;
  const password = text.split(/\r?\n/)[0];
  return args.map((arg) => (arg === PASSWORD_FLAG ? `${PASSWORD_FLAG}=${password}` : arg));
}
