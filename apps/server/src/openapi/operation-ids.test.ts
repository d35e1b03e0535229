import { describe, expect, it } from 'vitest';
import { derivedOperationId, OPERATION_ID } from './operation-ids';

describe('derivedOperationId', () => {
  it.each([
    ['GET', '/api/v1/staff/impersonation_records', 'getStaffImpersonationRecords'],
    ['POST', '/api/v1/monitors/', 'postMonitors'],
    ['DELETE', '/api/v1/status_pages/:id/incidents/:incidentId/', 'deleteStatusPagesByIdIncidentsByIncidentId'],
    ['GET', '/api/v1/badges/{token}/response-time.svg', 'getBadgesByTokenResponseTimeSvg'],
    [['GET', 'HEAD'], '/ping/:token', 'getPingByToken'],
  ])('%s %s → %s', (method, url, expected) => {
    const name = derivedOperationId(method, url);
    expect(name).toBe(expected);
    expect(name).toMatch(OPERATION_ID);
  });
});
