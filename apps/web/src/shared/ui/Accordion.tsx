import { useId, useState, type ReactNode } from 'react';
import { Icon } from './icons.tsx';

export interface AccordionItem {
  title: string;
  content: ReactNode;
}

/**
 * A single-open accordion: opening one item closes the one that was open; the open one closes
 * when clicked again. Headings carry buttons with aria-expanded; panels are labelled regions.
 */
export function Accordion({
  items,
  headingLevel = 3,
  defaultOpen = 0,
}: {
  items: AccordionItem[];
  headingLevel?: 2 | 3 | 4;
  defaultOpen?: number | null;
}) {
  const [open, setOpen] = useState<number | null>(defaultOpen);
  const base = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="accordion">
      {items.map((item, index) => {
        const expanded = open === index;
        return (
          <div
            key={item.title}
            className={expanded ? 'accordion__item is-open' : 'accordion__item'}
          >
            <Heading className="accordion__heading">
              <button
                type="button"
                id={`${base}-button-${index}`}
                aria-expanded={expanded}
                aria-controls={`${base}-panel-${index}`}
                className="accordion__button"
                onClick={() => setOpen(expanded ? null : index)}
              >
                <span>{item.title}</span>
                <Icon name="chevronDown" className="accordion__chevron" />
              </button>
            </Heading>
            <div
              id={`${base}-panel-${index}`}
              role="region"
              aria-labelledby={`${base}-button-${index}`}
              hidden={!expanded}
              className="accordion__panel"
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
