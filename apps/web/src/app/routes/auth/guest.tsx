import { GuestLogin } from '@/features/auth/components/guest-login';

export default function GuestRoute() {
  return <GuestLogin />;
}
