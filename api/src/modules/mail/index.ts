// What other modules use to send mail: the service and the templates.
export * from './mail.service.js';
export * from './templates.js';
