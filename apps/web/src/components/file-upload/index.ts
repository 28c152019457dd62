export { FileUpload, type FileUploadProps } from './file-upload';
export { formatBytes } from './format-bytes';
