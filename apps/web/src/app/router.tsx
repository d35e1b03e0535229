import type { RouteObject } from 'react-router';
import { GuestOnlyRoute, PrivateRoute } from './guards';
import { RootLayout } from './layout/root-layout';
import { preloadableLazy } from './preloadable-lazy';
import { loadAppLayout, loadDashboard } from './route-loaders';

// Each screen is its own chunk, and so is the signed-in frame (header, menus): the first page loads
// only what it shows.
const AppLayout = preloadableLazy(() => loadAppLayout().then((module) => ({ default: module.AppLayout })));
const Dashboard = preloadableLazy(loadDashboard);
const Settings = preloadableLazy(() => import('./routes/settings'));
const Finance = preloadableLazy(() => import('./routes/finance'));
const Maintenance = preloadableLazy(() => import('./routes/maintenance'));
const StatusPages = preloadableLazy(() => import('./routes/status-pages'));
const StatusPageEditor = preloadableLazy(() => import('./routes/status-page-editor'));
const StatusPageIncidents = preloadableLazy(() => import('./routes/status-page-incidents'));
const Account = preloadableLazy(() => import('./routes/account'));
const Login = preloadableLazy(() => import('./routes/auth/login'));
const Guest = preloadableLazy(() => import('./routes/auth/guest'));
const Signup = preloadableLazy(() => import('./routes/auth/signup'));
const ForgetPassword = preloadableLazy(() => import('./routes/auth/forget-password'));
const ResetPassword = preloadableLazy(() => import('./routes/auth/reset-password'));
const VerifyEmail = preloadableLazy(() => import('./routes/auth/verify-email'));
const ConfirmEmail = preloadableLazy(() => import('./routes/auth/confirm-email'));
const Impersonate = preloadableLazy(() => import('./routes/auth/impersonate'));
const TermsOfService = preloadableLazy(() => import('./routes/tos'));
const NotFound = preloadableLazy(() => import('./routes/not-found'));
const OpenLayout = preloadableLazy(() =>
  import('./layout/open-layout').then((module) => ({ default: module.OpenLayout })),
);
const SharedMonitor = preloadableLazy(() => import('./routes/shared-monitor'));
const PublicStatus = preloadableLazy(() => import('./routes/public-status'));
const PaymentResult = preloadableLazy(() => import('./routes/payment-result'));

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
              { path: 'status_pages', element: <StatusPages /> },
              { path: 'status_pages/new', element: <StatusPageEditor /> },
              { path: 'status_pages/:id', element: <StatusPageEditor /> },
              { path: 'status_pages/:id/incidents', element: <StatusPageIncidents /> },
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
