/** The public face of the sme-thresholds module: other modules import only what is exported here (decision 197). */
export { presentThresholdCell } from './sme-thresholds.presenter';
export { listThresholdCells } from './sme-thresholds.repository';
export { default as smeThresholdsRoutes } from './sme-thresholds.routes';
