'use client';

import { useEffect, useRef } from 'react';
import { disableAnalytics, enableAnalytics } from '@/lib/analytics/google-analytics';
import { useConsent } from '@/lib/consent/use-consent';
import { removeAnalyticsCookies } from '@/lib/consent/storage';

/**
 * Google Analytics follows the analytics consent, live: loaded when it is given (no reload),
 * stopped and its cookies removed when it is withdrawn. Rendered only when GA_MEASUREMENT_ID is set.
 */
export function AnalyticsGate({ measurementId }: { measurementId: string }) {
  const allowed = useConsent('analytics');
  const wasAllowed = useRef(false);

  useEffect(() => {
    if (allowed) {
      enableAnalytics(measurementId);
      wasAllowed.current = true;
    } else if (wasAllowed.current) {
      disableAnalytics(measurementId);
      removeAnalyticsCookies();
      wasAllowed.current = false;
    }
  }, [allowed, measurementId]);

  return null;
}
