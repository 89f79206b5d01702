import { consumerMediator } from '@/lib/content/firm';

/** The consumer mediator's details, from the content module (its name changes with each term). */
export function MediatorBlock({ websiteLabel }: { websiteLabel: string }) {
  return (
    <address className="border-accent border-l-2 pl-4 not-italic" data-testid="mediator">
      <span className="font-semibold">{consumerMediator.name}</span>
      <br />
      {consumerMediator.address}
      <br />
      {websiteLabel}{' '}
      <a
        href={consumerMediator.url}
        className="decoration-accent underline underline-offset-4"
        rel="noopener noreferrer"
      >
        {consumerMediator.url.replace(/^https?:\/\//, '')}
      </a>
    </address>
  );
}
