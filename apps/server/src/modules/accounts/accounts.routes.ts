import {
  changePasswordBody,
  confirmEmailChangeBody,
  confirmEmailChangeResponse,
  emailOnlyBody,
  keyResponse,
  loginBody,
  profile,
  registerBody,
  resetPasswordBody,
  sentResponse,
  updateProfileBody,
  verifyEmailBody,
  verifyEmailResponse,
} from '@paydar/contracts/accounts';
import { errorBody, successBody } from '@paydar/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context';
import { callerOf, requireCaller, requireSession, sessionCallerOf } from '../../http/authentication';
import { confirmEmailChange } from './email-change.service';
import { sendVerificationToken, VERIFICATION_SENT_TEXT, verifyEmail } from './email-verification.service';
import { login, loginAsDemo } from './login.service';
import { changePassword } from './password-change.service';
import { RESET_LINK_SENT_TEXT, resetPassword, sendForgetPasswordEmail } from './password-reset.service';
import { getProfile, updateProfile } from './profile.service';
import { register } from './registration.service';
import { logout, logoutEverywhere } from './session.service';

const tags = ['users'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody };

export function accountsRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: requireCaller(context) };
    // What a stolen API token must not do: change the account, its password or email, or sign out.
    const sessionOnly = { onRequest: requireSession(context) };

    app.post(
      '/api/v1/users/register',
      {
        schema: {
          operationId: 'register',
          summary: 'Sign up',
          tags,
          body: registerBody,
          response: { 200: keyResponse, ...errors },
        },
      },
      (request) => register(context, request.body, request.ip),
    );
    app.post(
      '/api/v1/users/login',
      {
        schema: {
          operationId: 'login',
          summary: 'Log in: a session key',
          tags,
          body: loginBody,
          response: { 200: keyResponse, ...errors },
        },
      },
      (request) => login(context, request.body, request.ip),
    );
    app.get(
      '/api/v1/users/login_as_demo',
      {
        schema: {
          operationId: 'loginAsDemo',
          summary: 'Log in as the read-only demo account',
          tags,
          response: { 200: keyResponse, ...errors },
        },
      },
      (request) => loginAsDemo(context, request.ip),
    );
    app.post(
      '/api/v1/users/logout',
      {
        ...sessionOnly,
        schema: {
          operationId: 'logout',
          summary: 'Log out this session',
          tags,
          response: { 200: successBody, ...errors },
        },
      },
      async (request) => {
        await logout(context, sessionCallerOf(request));
        return { success: true as const };
      },
    );
    app.post(
      '/api/v1/users/logout_all',
      {
        ...sessionOnly,
        schema: {
          tags,
          operationId: 'logoutAll',
          summary: 'Sign out everywhere: ends every session of the caller, this one included',
          response: { 200: successBody, ...errors },
        },
      },
      async (request) => {
        await logoutEverywhere(context, sessionCallerOf(request));
        return { success: true as const };
      },
    );
    app.get(
      '/api/v1/users/profile',
      {
        ...authenticated,
        schema: {
          operationId: 'getProfile',
          summary: "The signed-in user's profile",
          tags,
          response: { 200: profile, ...errors },
        },
      },
      (request) => getProfile(context, callerOf(request)),
    );
    app.put(
      '/api/v1/users/profile',
      {
        ...sessionOnly,
        schema: {
          operationId: 'updateProfile',
          summary: 'Change the profile (time zone, calendar, names)',
          tags,
          body: updateProfileBody,
          response: { 200: profile, ...errors },
        },
      },
      (request) => updateProfile(context, callerOf(request), request.body),
    );
    app.post(
      '/api/v1/users/confirm_email',
      {
        ...sessionOnly,
        schema: {
          tags,
          operationId: 'confirmEmail',
          summary: "Confirms an email change with the token from the link mailed to the new address (the caller's own)",
          body: confirmEmailChangeBody,
          response: { 200: confirmEmailChangeResponse, ...errors },
        },
      },
      (request) => confirmEmailChange(context, callerOf(request), request.body.token),
    );
    app.post(
      '/api/v1/users/change_password',
      {
        ...sessionOnly,
        schema: {
          tags,
          operationId: 'changePassword',
          summary: 'Sets a new password (the current one is asked) and signs out every other session',
          body: changePasswordBody,
          response: { 200: successBody, ...errors },
        },
      },
      (request) => changePassword(context, sessionCallerOf(request), request.body),
    );
    app.post(
      '/api/v1/users/verify_email',
      {
        schema: {
          operationId: 'verifyEmail',
          summary: "Verify the email address (the mail's link)",
          tags,
          body: verifyEmailBody,
          response: { 200: verifyEmailResponse, ...errors },
        },
      },
      (request) => verifyEmail(context, request.body),
    );
    app.post(
      '/api/v1/users/send_verification_token',
      {
        schema: {
          operationId: 'sendVerificationEmail',
          summary: 'Send the verification mail again',
          tags,
          body: emailOnlyBody,
          response: { 200: sentResponse, ...errors },
        },
      },
      async (request) => {
        await sendVerificationToken(context, request.body.email, request.ip);
        return { success: true as const, detail: VERIFICATION_SENT_TEXT };
      },
    );
    app.post(
      '/api/v1/users/send_forget_password_email',
      {
        schema: {
          operationId: 'sendPasswordResetEmail',
          summary: 'Send a password reset mail',
          tags,
          body: emailOnlyBody,
          response: { 200: sentResponse, ...errors },
        },
      },
      async (request) => {
        await sendForgetPasswordEmail(context, request.body.email, request.ip);
        return { success: true as const, detail: RESET_LINK_SENT_TEXT };
      },
    );
    app.post(
      '/api/v1/users/reset_password',
      {
        schema: {
          operationId: 'resetPassword',
          summary: "Set a new password with a reset mail's token",
          tags,
          body: resetPasswordBody,
          response: { 200: successBody.extend(keyResponse.shape), ...errors },
        },
      },
      (request) => resetPassword(context, request.body),
    );
  };
}
