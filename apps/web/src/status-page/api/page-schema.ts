import { publicPageIncidents } from '@paydar/contracts/status-page-incidents';
import { publicPageMaintenance } from '@paydar/contracts/status-page-subscribers';
import { publicStatusPage } from '@paydar/contracts/status-pages';
import type { z } from 'zod';

/**
 * The page as a visitor's browser reads it: the status page's answer, with incidents and maintenance
 * optional (a server without them still answers a page that shows).
 */
export const visitorPage = publicStatusPage.extend({
  ...publicPageIncidents.partial().shape,
  ...publicPageMaintenance.partial().shape,
});
export type VisitorPage = z.infer<typeof visitorPage>;
