import type { AlertChannels } from '@paydar/contracts/accounts';
import { VERIFICATION_CODE_LENGTH } from '@paydar/contracts/alert-channels';
import type { ServiceContext } from '../../context';
import { AppError, invalidField } from '../../errors';
import { AlertServiceError } from '../alert-clients/alert-clients.errors';
import { channelLimits } from './alert-channels.limits';
import { useProofAndVerify } from './channel-state';
import { generatePhoneCode, hashPhoneCode, phoneCodeMatches } from './phone-code';
import { claimAttempt, findPendingVerification, replaceVerification } from './verifications.repository';

export const PHONE_CODE_LIFETIME_MS = 10 * 60 * 1000;
/** Tries one code allows; then it is spent and a new one must be sent. */
export const PHONE_CODE_ATTEMPTS = 5;

const CODE_PATTERN = new RegExp(`^[0-9]{${VERIFICATION_CODE_LENGTH}}$`);

export const SMS_UNAVAILABLE_TEXT = 'Text messages cannot be sent from this server, so phones cannot be verified here.';
export const CODE_NOT_SENT_TEXT = 'The code could not be sent right now. Please try again in a few minutes.';
export const CODE_EXPIRED_TEXT = 'This code has expired. Send a new code.';
export const CODE_USED_UP_TEXT = 'This code can no longer be used. Send a new code.';

const codeProblem = (text: string) => new AppError('INVALID_TOKEN', text, { token: [text] });

function codeNotSent(error: unknown): AppError {
  if (!(error instanceof AlertServiceError)) throw error;
  // 411 is Kavenegar's "invalid receptor": the number is the user's to fix; anything else is ours or Kavenegar's.
  if (error.status === 411)
    return invalidField('value', 'This number cannot receive text messages. Check it and try again.');
  return Object.assign(new AppError('UNAVAILABLE', CODE_NOT_SENT_TEXT), { cause: error });
}

/**
 * Texts a new code to `phone` (normalized, one of the user's) and stores it only once Kavenegar
 * accepted it: a failed send leaves no code behind, and the previous one, if any, still works.
 */
export async function sendPhoneCode(context: ServiceContext, userId: number, phone: string): Promise<string> {
  const kavenegar = context.alertClients.kavenegar;
  if (!kavenegar) throw new AppError('UNAVAILABLE', SMS_UNAVAILABLE_TEXT);
  await context.rateLimiter.consume(channelLimits.phoneCode(userId, phone), context.now());
  const code = generatePhoneCode();
  try {
    await kavenegar.verifyLookup(phone, code, context.config.KAVENEGAR_VERIFY_TEMPLATE);
  } catch (error) {
    throw codeNotSent(error);
  }
  await context.runInTransaction((transaction) =>
    replaceVerification(transaction.db, {
      userId,
      channelKey: 'phones',
      value: phone,
      secretHash: hashPhoneCode(code),
      expiresAt: new Date(context.now().getTime() + PHONE_CODE_LIFETIME_MS),
    }),
  );
  return `We sent a verification code to ${phone}`;
}

/** Checks the newest code of the user's phone; a right one verifies the phone, a wrong one costs a try. */
export async function verifyPhoneCode(
  context: ServiceContext,
  userId: number,
  phone: string,
  code: string,
): Promise<AlertChannels> {
  if (!CODE_PATTERN.test(code)) throw invalidField('token', `Enter the ${VERIFICATION_CODE_LENGTH}-digit code.`);
  const now = context.now();
  const proof = await findPendingVerification(context.db, { userId, channelKey: 'phones', value: phone });
  if (!proof) throw codeProblem('No code was sent to this number. Send a code first.');
  // The try is counted before the comparison, so parallel guesses cannot outrun the limit.
  const attempts = await claimAttempt(context.db, proof.id, now, PHONE_CODE_ATTEMPTS);
  if (attempts === undefined) throw codeProblem(proof.expiresAt <= now ? CODE_EXPIRED_TEXT : CODE_USED_UP_TEXT);
  if (!phoneCodeMatches(proof.secretHash, code)) {
    const left = PHONE_CODE_ATTEMPTS - attempts;
    throw codeProblem(
      left > 0 ? `Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left.` : `Wrong code. ${CODE_USED_UP_TEXT}`,
    );
  }
  const channels = await useProofAndVerify(context, proof, 'phone', phone, now);
  if (!channels) throw codeProblem(CODE_USED_UP_TEXT);
  return channels;
}
