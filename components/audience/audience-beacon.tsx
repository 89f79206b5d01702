'use client';

import { useEffect } from 'react';
import { startAudienceMeasurement } from '@/lib/audience/client';

/** The page's audience beacon (lib/audience/client.ts): renders nothing. */
export function AudienceBeacon({ notFound }: { notFound: boolean }) {
  useEffect(() => startAudienceMeasurement({ notFound }), [notFound]);
  return null;
}
