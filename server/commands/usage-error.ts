/** A command line the shop cannot run: the usage is printed instead, with exit code 2. */
export class CommandUsageError extends Error {}
