import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MailContext } from './deps';
import mailRoutes from './routes';

/**
 * The mail module (issue 23 item 4): every e-mail the shop sends is recorded in its outbox (mail_outbox) and
 * delivered through SMTP when SMTP_URL is configured (nodemailer); the staff read the outbox and retry what was
 * not sent. Other modules send with sendMail and read what was sent through mail_outbox_records.
 */
const mailModuleRoutes: FastifyPluginAsyncTypebox<{ ctx: MailContext }> = async (fastify, { ctx }) => {
  await fastify.register(mailRoutes, { ctx });
};

export default mailModuleRoutes;
export { sendMail, escapeHtml, type MailEnv, type MailMessage } from './mail-service';
export { closeTransports } from './mailer';
export type { MailConfig } from '../../config';
export type { MailContext } from './deps';
