export {
  approveReturn,
  closeReturn,
  declineReturn,
  exchangeChoices,
  exchangeReturn,
  orderReturns,
  receiveReturn,
  refundReturn,
  startReturn,
} from "../../server/returns/returns";
export { formFailure, foundOrNotFound, HttpError, orderNumberOf, requireStaffPage } from "./admin.server";
