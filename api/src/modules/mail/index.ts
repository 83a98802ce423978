// What other modules use of the mail module: the service that sends, the one layout every mail
// is written with (and its HTML escape), and the mails that belong to no other module.
export { MailModule } from './mail.module.js';
export { MailService } from './mail.service.js';
export {
  escapeHtml,
  layoutMail,
  linkMail,
  type LinkMailText,
  type Mail,
  type MailBlock,
  type MailLink,
} from './mail-layout.js';
export { receiptMail, resetPasswordMail, type ReceiptLine } from './templates.js';
