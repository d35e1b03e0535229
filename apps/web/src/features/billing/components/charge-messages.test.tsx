// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { addCreditErrorText, chargeAmountError, chargeTexts, outcomeUnknown } from './charge-messages';

describe('the charge amount (spec §5)', () => {
  it.each([
    ['empty', '', chargeTexts.invalidAmount],
    ['zero', 0, chargeTexts.invalidAmount],
    ['negative', -5_000, chargeTexts.invalidAmount],
    ['not a number', 'abc', chargeTexts.invalidAmount],
    ['a fraction', 1_500.5, chargeTexts.invalidAmount],
    ['below 1,000', 999, chargeTexts.belowMinimum],
    ['above 5,000,000', 5_000_001, chargeTexts.aboveMaximum],
    ['1,000', 1_000, null],
    ['5,000,000', 5_000_000, null],
    ['50,000 as text', '50000', null],
  ])('%s → %s', (_name, value, message) => {
    expect(chargeAmountError(value)).toBe(message);
  });

  it('says the limits in Persian, with Persian digits', () => {
    expect(chargeTexts.belowMinimum).toBe('مبلغ شارژ باید دست‌کم ۱٬۰۰۰ تومان باشد.');
    expect(chargeTexts.aboveMaximum).toBe('مبلغ شارژ حداکثر می‌تواند ۵٬۰۰۰٬۰۰۰ تومان باشد.');
  });
});

describe('add-credit failures (spec §8)', () => {
  it.each([
    ['404: user not found', new ApiError(404, 'No such user.'), chargeTexts.userNotFound],
    [
      '400 mentioning the organization: link first',
      new ApiError(400, 'The account has no Organization in the console.', 'CONSOLE_REFUSED'),
      chargeTexts.organizationRequired,
    ],
    [
      "400 otherwise: 'error: {server error}'",
      new ApiError(400, 'Credit transfers are paused.', 'CONSOLE_REFUSED'),
      'خطا: Credit transfers are paused.',
    ],
    [
      '401: invalid authentication',
      new ApiError(401, 'Console refused.', 'CONSOLE_NOT_AUTHENTICATED'),
      chargeTexts.invalidAuthentication,
    ],
    ['403: no permission', new ApiError(403, 'Not yours.', 'FORBIDDEN'), chargeTexts.noPermission],
    ['502: server error', new ApiError(502, 'Console down.', 'BAD_GATEWAY'), chargeTexts.serverError],
    ['503: server error', new ApiError(503, 'Not configured.', 'UNAVAILABLE'), chargeTexts.serverError],
    ['no answer: connection error', new ApiError(0, 'Could not reach the server.'), chargeTexts.connectionError],
    ['an answer of the wrong shape: unexpected', new ApiError(200, 'x', 'BAD_RESPONSE'), chargeTexts.unexpectedError],
    ['anything else: unexpected', new TypeError('boom'), chargeTexts.unexpectedError],
  ])('%s', (_name, error, text) => {
    expect(addCreditErrorText(error)).toBe(text);
  });

  it('treats no answer and server errors as "may have been done", refusals as done with', () => {
    expect(outcomeUnknown(new ApiError(0, 'x'))).toBe(true);
    expect(outcomeUnknown(new ApiError(502, 'x'))).toBe(true);
    expect(outcomeUnknown(new ApiError(400, 'x'))).toBe(false);
    expect(outcomeUnknown(new ApiError(404, 'x'))).toBe(false);
  });
});
