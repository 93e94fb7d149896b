/**
 * Ids and cursors as the API takes them in. The database's ids are serial, at most 2^31 − 1: a larger number names
 * no record, so it is refused here as the caller's mistake, never handed to the database to fail as a 500.
 */
import { z } from "zod";

export const MAX_RECORD_ID = 2_147_483_647;

/** An id in the body: a whole number from 1 to the largest id, each failure told with `message`. */
export const recordId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_RECORD_ID, message);

/** An id in the address (`/…/{id}`); nine digits at most, so always within the range. */
export const recordIdParam = (message: string) => z.string().regex(/^[1-9]\d{0,8}$/, message);

/** A list's `cursor`: the last id of the page before, as this API gave it out. */
export const listCursor = z.string().regex(/^[1-9]\d{0,15}$/, "cursor must be a cursor this call returned");
