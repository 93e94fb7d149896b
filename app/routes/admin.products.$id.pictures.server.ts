export {
  addUploadedPictures,
  movePicture,
  picturesScreen,
  removePictureAndFiles,
  setVariantPicture,
  updatePicture,
} from "../../server/catalog/product-pictures";
export { readUploadForm } from "../../server/images/picture-intake";
export { formFailure, formValues, foundOrNotFound, HttpError, requireStaffPage } from "./admin.server";
