/** The public face of the qr module: other modules import only what is exported here (decision 197). */
export { issueQrCode, newQrSecret, qrLink, registerQrKind } from './qr.service';
export { default as qrRoutes } from './qr.routes';
