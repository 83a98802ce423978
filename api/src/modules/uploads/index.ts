// What other modules use of uploads: storing files and receiving a multipart upload.
export * from './uploads.service.js';
export * from './received-file.js';
