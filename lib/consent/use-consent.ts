'use client';

import { useSyncExternalStore } from 'react';
import { CONSENT_CHANGE_EVENT, grantedCategories, type ConsentCategory } from './model';

function subscribe(onChange: () => void) {
  window.addEventListener(CONSENT_CHANGE_EVENT, onChange);
  return () => window.removeEventListener(CONSENT_CHANGE_EVENT, onChange);
}

/** Whether the visitor allowed a category; false on the server and until they say yes. */
export function useConsent(category: ConsentCategory): boolean {
  return useSyncExternalStore(
    subscribe,
    () => grantedCategories(document.cookie).has(category),
    () => false,
  );
}
