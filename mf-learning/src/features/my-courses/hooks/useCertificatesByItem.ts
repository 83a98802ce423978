import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MyCertificate } from '@circo/shared-contracts';
import { learningQueries } from '@circo/shared-web';

/** The student's valid (not revoked) certificates, by the id of their course or formation. */
export function useCertificatesByItem(userId: string): ReadonlyMap<string, MyCertificate> {
  const q = useQuery({ ...learningQueries.certificates(userId), enabled: !!userId });
  return useMemo(
    () => new Map((q.data ?? []).filter((c) => !c.revokedAt).map((c) => [c.itemId, c])),
    [q.data],
  );
}
