export { createApiToken, listApiTokens, revokeApiToken } from "../../server/staff/tokens";
export { formFailure, formValues, HttpError, requireStaffPage } from "./admin.server";
