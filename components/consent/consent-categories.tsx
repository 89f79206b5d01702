'use client';

import { useId } from 'react';
import type { ConsentCategory } from '@/lib/consent/model';
import type { CustomiseLabels } from './labels';

/** The banner's 'Customise' view: one box per category; the necessary one is always ticked. */
export function ConsentCategories({
  labels,
  chosen,
  choose,
}: {
  labels: CustomiseLabels;
  chosen: ReadonlySet<ConsentCategory>;
  choose: (category: ConsentCategory, granted: boolean) => void;
}) {
  const baseId = useId();
  return (
    <>
      <h2 className="pr-12 text-lg sm:text-xl">{labels.customiseTitle}</h2>
      <p className="text-muted mt-2 text-sm leading-relaxed">{labels.customiseText}</p>
      <fieldset className="mt-4">
        <legend className="sr-only">{labels.legend}</legend>
        <ul className="space-y-3">
          {labels.categories.map(({ category, name, purpose }) => {
            const required = category === 'necessary';
            const id = `${baseId}-${category}`;
            return (
              <li key={category} className="flex items-start gap-3">
                <input
                  type="checkbox"
                  id={id}
                  name={category}
                  checked={required || chosen.has(category)}
                  disabled={required}
                  aria-describedby={`${id}-purpose`}
                  onChange={(event) => choose(category, event.target.checked)}
                  className="accent-ink mt-0.5 h-6 w-6 shrink-0"
                />
                <div>
                  <label htmlFor={id} className="font-semibold">
                    {name}
                    {required ? ` (${labels.alwaysOn})` : null}
                  </label>
                  <p id={`${id}-purpose`} className="text-muted text-sm">
                    {purpose}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </>
  );
}
