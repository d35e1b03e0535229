import { useSearchParams } from 'react-router';
import { ImpersonateEntry } from '@/features/auth/components/impersonate-entry';

export default function ImpersonateRoute() {
  const [params] = useSearchParams();
  return <ImpersonateEntry token={params.get('token')} />;
}
