/** gtag exists only once the visitor consents (docs/behaviour.md, "Analytics"). */
type Gtag = (command: 'event', name: string, params: Record<string, string>) => void;

export function trackEvent(name: string, category: string, label: string): boolean {
  if (typeof window === 'undefined') return false;
  const gtag = (window as unknown as { gtag?: Gtag }).gtag;
  if (typeof gtag !== 'function') return false;
  gtag('event', name, { event_category: category, event_label: label, transport_type: 'beacon' });
  return true;
}
