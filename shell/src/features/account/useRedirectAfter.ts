import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

/** After `start()`, navigates to `to` once `ms` have passed (spec: 2 s after registering, 3 s after a reset). */
export function useRedirectAfter(to: string, ms: number): () => void {
  const navigate = useNavigate();
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!armed) return;
    const timer = setTimeout(() => void navigate(to), ms);
    return () => clearTimeout(timer);
  }, [armed, navigate, to, ms]);
  return () => setArmed(true);
}
