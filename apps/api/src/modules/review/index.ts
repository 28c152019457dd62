/** The public face of the review module: other modules import only what is exported here (decision 197). */
export { resumedBy, statusAfterSubmit } from './review.resume';
