/**
 * The shape of two-step sign-in's backup codes (server/staff/backup-codes.ts makes them), shared by the sign-in
 * form's schema and the server: `abcde-fghjk`, typed with or without the dash, in either case.
 */
export const BACKUP_CODE_COUNT = 10;

const BACKUP_CODE = /^[a-z0-9]{5}[-\s]?[a-z0-9]{5}$/i;

export const isBackupCodeShape = (code: string): boolean => BACKUP_CODE.test(code.trim());

/** What is hashed and compared: the ten characters, lower case, without the dash or spaces. */
export const normalizeBackupCode = (code: string): string => code.replace(/[-\s]/g, "").toLowerCase();
