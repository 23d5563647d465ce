import { POLICIES } from '../../policies';
import { api, raw } from '../endpoint';
import { periodQuery, statementResponse } from '../money';
import { siteParams } from './sites';

/** A location's statement (docs/product/partner.md#statements), as a page and as CSV. */
export const partnerStatementEndpoints = {
  getPartnerSitesBySiteIdStatement: api('GET /api/partner/sites/:siteId/statement', POLICIES.partner)
    .summary("A location's orders, food sales, commission, delivery fees and net owed per London day")
    .takes({ params: siteParams, query: periodQuery })
    .answers({ 200: statementResponse }),
  getPartnerSitesBySiteIdStatementExport: api('GET /api/partner/sites/:siteId/statement/export', POLICIES.partner)
    .takes({ params: siteParams, query: periodQuery })
    .answers({ 200: raw('csv', 'text/csv', 'The statement as a CSV download') }),
};
