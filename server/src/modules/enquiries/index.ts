import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { EnquiriesContext } from './deps';
import enquiriesRoutes from './routes';

/**
 * The enquiries module (issue 24 item 2): the form on every storefront item page (enquiryFormHtml), the public
 * POST that turns it into a lead (enquiryPublicRoutes, registered in public-site.ts), and the staff's list,
 * reply, conversion into a client and closing (the default export, registered in app.ts).
 */
const enquiriesModuleRoutes: FastifyPluginAsyncTypebox<{ ctx: EnquiriesContext }> = async (
  fastify,
  { ctx },
) => {
  await fastify.register(enquiriesRoutes, { ctx });
};

export default enquiriesModuleRoutes;
export { default as enquiryPublicRoutes } from './public-routes';
export { EnquiriesRepository } from './enquiries-repository';
// A client's enquiries in the UK GDPR programme (compliance's subject access export and erasure).
export { clientEnquiryRecords, eraseClientEnquiries, type ErasedEnquiries } from './personal-data';
export {
  enquiryFormHtml,
  enquiryPath,
  ENQUIRY_FORM_ID,
  ENQUIRY_FORM_STYLE,
  type EnquiryFormOptions,
  type EnquiryFormValues,
  type EnquiryField,
} from './form';
export type { EnquiriesContext, EnquiriesRepos } from './deps';
