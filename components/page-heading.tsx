/** The title block at the top of an inner page. */
export function PageHeading({ title, lead }: { title: string; lead?: string }) {
  return (
    <header className="mx-auto max-w-3xl px-4 pt-12 pb-8 sm:px-6">
      <h1 className="text-4xl sm:text-5xl">{title}</h1>
      {lead ? <p className="text-muted mt-4 text-lg">{lead}</p> : null}
    </header>
  );
}
