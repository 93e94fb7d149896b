export { viewSubscription } from "../../server/subscriptions/desk";
export { cancel, pause, resume, skipNext } from "../../server/subscriptions/changes";
export { formFailure, formValues, foundOrNotFound, HttpError, recordIdOf, requireStaffPage } from "./admin.server";
