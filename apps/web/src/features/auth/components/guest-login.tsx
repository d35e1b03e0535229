import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useLoginAsDemo } from '../api/login-as-demo';

/** /guest: starts the demo session at once; the guest-only guard then takes the user in. */
export function GuestLogin() {
  const navigate = useNavigate();
  const demo = useLoginAsDemo({
    onSuccess: (me) => {
      // The guard then moves the guest on: the warning goes along.
      if (!me.is_verified) notify.warning('You are not verified yet.We will contact you soon!', { carryOver: true });
    },
    onError: (error) => {
      notify.warning(errorMessage(error), { carryOver: true });
      navigate('/login', { replace: true });
    },
  });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    demo.mutate();
  }, [demo]);

  return <PageLoader label="Signing in as guest…" />;
}
