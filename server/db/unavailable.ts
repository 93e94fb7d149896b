/**
 * The database cannot be reached or went away (server/db/client.ts raises it). Apart from the client, so the owner's
 * command line can name it without loading the database drivers when a running shop takes the command.
 */
export class DatabaseUnavailableError extends Error {}
