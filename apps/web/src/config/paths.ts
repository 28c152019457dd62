// The web app's routes are the shared table: the API's mails, PDFs and QR codes link to the same paths.
export { WebPaths as paths } from '@bansi/shared/paths';
