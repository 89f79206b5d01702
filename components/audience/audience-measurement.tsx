import { NO_SCRIPT_PATH } from '@/lib/audience/receiver';
import { AudienceBeacon } from './audience-beacon';

/**
 * The audience measurement of a page (docs/behaviour.md, Audience measurement): the beacon with
 * JavaScript, and without it a 1×1 image that asks for the no-script address (the same page
 * view, without a referrer). A browser running scripts never loads what <noscript> holds.
 */
export function AudienceMeasurement({ path, notFound }: { path: string; notFound: boolean }) {
  const query = new URLSearchParams({ path, ...(notFound ? { notFound: '1' } : {}) });
  return (
    <>
      <AudienceBeacon notFound={notFound} />
      <noscript>
        {/* eslint-disable-next-line @next/next/no-img-element -- a counter, not content: nothing to optimise */}
        <img src={`${NO_SCRIPT_PATH}?${query}`} alt="" width={1} height={1} className="absolute" />
      </noscript>
    </>
  );
}
