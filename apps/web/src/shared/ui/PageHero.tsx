import type { ReactNode } from 'react';

/** The dark banner that opens every inner page: eyebrow, title, lead, and anything below them. */
export function PageHero({
  eyebrow,
  title,
  lead,
  center = false,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  center?: boolean;
  children?: ReactNode;
}) {
  return (
    <section className={center ? 'hero hero--page hero--center' : 'hero hero--page'}>
      <div className="hero__inner">
        <p className="eyebrow eyebrow--light">{eyebrow}</p>
        <h1>{title}</h1>
        <p className="hero__lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}
