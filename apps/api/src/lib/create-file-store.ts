import { resolve } from 'node:path';
import type { Config } from '../config';
import { LocalFileStore, type FileStore } from './file-store';
import { S3FileStore, type S3Settings } from './s3-file-store';

/** The S3 settings of a configuration with FILE_STORE=s3 (config.ts checked they are complete). */
export function s3SettingsOf(config: Config): S3Settings {
  if (!config.S3_BUCKET || !config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY) throw new Error('FILE_STORE=s3 without its settings');
  return {
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

/** The one FileStore of a process (DESIGN §6): local disk under DATA_DIR/files, or an S3 bucket. */
export function createFileStore(config: Config): FileStore {
  return config.FILE_STORE === 's3' ? new S3FileStore(s3SettingsOf(config)) : new LocalFileStore(resolve(config.DATA_DIR, 'files'));
}
