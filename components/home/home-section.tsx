/** A home-page section: stable anchor id, an h2 that labels it, an optional lead paragraph. */
export function HomeSection({
  id,
  title,
  lead,
  eyebrow,
  tone = 'paper',
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  eyebrow?: string;
  tone?: 'paper' | 'stone';
  children: React.ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={tone === 'stone' ? 'border-line border-y bg-[#f1ede6]' : undefined}
    >
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:py-24">
        <div className="reveal max-w-3xl">
          {eyebrow ? (
            <p className="text-accent-strong text-sm font-semibold tracking-widest uppercase">
              {eyebrow}
            </p>
          ) : null}
          <h2 id={`${id}-title`} className="mt-2 text-3xl sm:text-4xl">
            {title}
          </h2>
          {lead ? <p className="text-muted mt-4 text-lg leading-relaxed">{lead}</p> : null}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}
