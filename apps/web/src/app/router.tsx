import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { GuestOnlyRoute, PrivateRoute } from './guards';
import { RootLayout } from './layout/root-layout';
import { loadAppLayout, loadDashboard } from './route-loaders';

// Each screen is its own chunk, and so is the signed-in frame (header, menus): the first page loads
// only what it shows.
const AppLayout = lazy(() => loadAppLayout().then((module) => ({ default: module.AppLayout })));
const Dashboard = lazy(loadDashboard);
const Settings = lazy(() => import('./routes/settings'));
const Finance = lazy(() => import('./routes/finance'));
const Maintenance = lazy(() => import('./routes/maintenance'));
const Account = lazy(() => import('./routes/account'));
const Login = lazy(() => import('./routes/auth/login'));
const Guest = lazy(() => import('./routes/auth/guest'));
const Signup = lazy(() => import('./routes/auth/signup'));
const ForgetPassword = lazy(() => import('./routes/auth/forget-password'));
const ResetPassword = lazy(() => import('./routes/auth/reset-password'));
const VerifyEmail = lazy(() => import('./routes/auth/verify-email'));
const ConfirmEmail = lazy(() => import('./routes/auth/confirm-email'));
const Impersonate = lazy(() => import('./routes/auth/impersonate'));
const TermsOfService = lazy(() => import('./routes/tos'));
const NotFound = lazy(() => import('./routes/not-found'));
const OpenLayout = lazy(() => import('./layout/open-layout').then((module) => ({ default: module.OpenLayout })));
const SharedMonitor = lazy(() => import('./routes/shared-monitor'));
const PublicStatus = lazy(() => import('./routes/public-status'));
const PaymentResult = lazy(() => import('./routes/payment-result'));

/** The route table of spec §2 (routes owned by later issues are added with them). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PrivateRoute />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <Dashboard /> },
              { path: 'monitor/:id', element: <Dashboard /> },
              { path: 'settings', element: <Settings /> },
              { path: 'finance', element: <Finance /> },
              { path: 'maintenance', element: <Maintenance /> },
              { path: 'account', element: <Account /> },
              { path: 'public_status/:id', element: <PublicStatus /> },
            ],
          },
        ],
      },
      {
        element: <GuestOnlyRoute />,
        children: [
          { path: 'login', element: <Login /> },
          { path: 'guest', element: <Guest /> },
          { path: 'signup', element: <Signup /> },
          { path: 'forget_pass', element: <ForgetPassword /> },
          { path: 'reset_password', element: <ResetPassword /> },
        ],
      },
      {
        // Open to everyone (spec §2): the shared monitor pages and the payment result, framed by the
        // app's header when signed in.
        element: <OpenLayout />,
        children: [
          { path: 'symlink/:token', element: <SharedMonitor /> },
          { path: 'custom_symlink/:org/:token', element: <SharedMonitor /> },
          { path: 'buy_plan_res', element: <PaymentResult /> },
          { path: 'zarinpal_transaction_result', element: <PaymentResult /> },
        ],
      },
      { path: 'verify_email', element: <VerifyEmail /> },
      { path: 'confirm_email', element: <ConfirmEmail /> },
      { path: 'tos', element: <TermsOfService /> },
      { path: 'impersonate', element: <Impersonate /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];
