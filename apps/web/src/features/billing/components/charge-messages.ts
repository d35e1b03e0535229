import { CHARGE_MAX_TOMANS, CHARGE_MIN_TOMANS } from '@paydar/contracts/billing';
import { formatPersianNumber as fa } from '@/components/persian';
import { ApiError } from '@/lib/api-client';

/**
 * The Persian texts of charging and console credit (spec §1: credit and charge messages are
 * Persian; §5 "Charge amount"; §8 add-credit errors). The spec names what each says, not its words,
 * so the wording is ours; every one of them lives here.
 */
export const chargeTexts = {
  invalidAmount: 'لطفاً مبلغ معتبری وارد کنید.',
  belowMinimum: `مبلغ شارژ باید دست‌کم ${fa(CHARGE_MIN_TOMANS)} تومان باشد.`,
  aboveMaximum: `مبلغ شارژ حداکثر می‌تواند ${fa(CHARGE_MAX_TOMANS)} تومان باشد.`,
  /** The Charge popup opened to top up for a plan. */
  topUpForPlan: (plan: string, yearly: boolean) =>
    `برای خرید پلن ${plan} (${yearly ? 'سالانه' : 'ماهانه'}) اعتبار کافی ندارید. پس از پرداخت این مبلغ، پلن خودکار فعال می‌شود.`,
  /** The same, when the amount is less than the wallet misses for the plan (one payment has a maximum). */
  topUpInParts: (plan: string, yearly: boolean, missing: number) =>
    `برای خرید پلن ${plan} (${yearly ? 'سالانه' : 'ماهانه'}) ${fa(missing)} تومان کم دارید و هر پرداخت حداکثر ${fa(CHARGE_MAX_TOMANS)} تومان است. اگر این پرداخت کافی نباشد، در صفحه‌ی نتیجه باقی‌مانده را شارژ کنید تا پلن فعال شود.`,
  consoleHint: 'اعتبار از حساب کنسول میزبانی شما به کیف پول منتقل می‌شود.',
  creditAdded: (amount: number) => `مبلغ ${fa(amount)} تومان از کنسول به اعتبار شما اضافه شد.`,
  userNotFound: 'کاربری با این ایمیل در کنسول پیدا نشد.',
  organizationRequired: 'ابتدا باید حساب کاربری خود را به یک سازمان در کنسول متصل کنید.',
  invalidRequest: (serverError: string) => `خطا: ${serverError}`,
  invalidAuthentication: 'احراز هویت نامعتبر است.',
  noPermission: 'شما اجازه‌ی انجام این کار را ندارید.',
  serverError: 'خطای سرور؛ لطفاً بعداً دوباره تلاش کنید.',
  connectionError: 'ارتباط با سرور برقرار نشد؛ اتصال اینترنت خود را بررسی کنید.',
  unexpectedError: 'خطای غیرمنتظره‌ای رخ داد.',
} as const;

/** Spec §5: a number above 0, at least 1,000 and at most 5,000,000 Tomans; null when it is fine. */
export function chargeAmountError(value: number | string | null | undefined): string | null {
  const amount = typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value)) : (value ?? Number.NaN);
  if (!Number.isFinite(amount) || !Number.isInteger(amount) || amount <= 0) return chargeTexts.invalidAmount;
  if (amount < CHARGE_MIN_TOMANS) return chargeTexts.belowMinimum;
  if (amount > CHARGE_MAX_TOMANS) return chargeTexts.aboveMaximum;
  return null;
}

/** A 400 whose text mentions the organization: the account is not linked to the console yet. */
const mentionsOrganization = (text: string) => /organi[sz]ation/i.test(text);

/** Spec §8: what a failed add-credit call tells the user. */
export function addCreditErrorText(error: unknown): string {
  if (!(error instanceof ApiError) || error.code === 'BAD_RESPONSE') return chargeTexts.unexpectedError;
  switch (error.status) {
    case 0:
      return chargeTexts.connectionError;
    case 404:
      return chargeTexts.userNotFound;
    case 400:
      return mentionsOrganization(error.message)
        ? chargeTexts.organizationRequired
        : chargeTexts.invalidRequest(error.message);
    case 401:
      return chargeTexts.invalidAuthentication;
    case 403:
      return chargeTexts.noPermission;
    default:
      return chargeTexts.serverError;
  }
}

/** Whether a failed call may have reached the server and been done anyway (so a retry must reuse its key). */
export function outcomeUnknown(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}
