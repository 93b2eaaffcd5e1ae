import { useEffect, useId, useState, type ReactNode } from 'react';
import { format } from '@hainiao/contract';
import { Icon } from './icons.tsx';
import './carousel.css';

export interface CarouselLabels {
  label: string;
  previous: string;
  next: string;
  pause: string;
  play: string;
  /** `{n}` */
  goTo: string;
  /** `{n}`, `{total}` */
  slide: string;
}

/** Milliseconds each slide stays before the next one comes. */
export const CAROUSEL_INTERVAL_MS = 6000;

/**
 * An auto-playing carousel (WAI-ARIA carousel pattern): it rotates on its own, pauses while the
 * pointer or keyboard focus is inside it, and has a pause button, previous/next buttons and one
 * dot per slide. Slides that are not shown stay in the markup, hidden.
 */
export function Carousel({ slides, labels }: { slides: ReactNode[]; labels: CarouselLabels }) {
  const [active, setActive] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const id = useId();
  const count = slides.length;
  const rotating = playing && !hovered && !focused;

  useEffect(() => {
    if (!rotating || count < 2) return;
    const timer = window.setInterval(() => setActive((n) => (n + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [rotating, count, active]);

  const go = (index: number) => setActive((index + count) % count);

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={labels.label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className="carousel__viewport"
        id={`${id}-slides`}
        aria-live={rotating ? 'off' : 'polite'}
      >
        {slides.map((slide, index) => (
          <div
            key={index}
            role="group"
            aria-roledescription="slide"
            aria-label={format(labels.slide, { n: index + 1, total: count })}
            hidden={index !== active}
            className="carousel__slide"
          >
            {slide}
          </div>
        ))}
      </div>
      <div className="carousel__controls">
        <button
          type="button"
          className="icon-button"
          aria-label={playing ? labels.pause : labels.play}
          onClick={() => setPlaying((value) => !value)}
        >
          <Icon name={playing ? 'pause' : 'play'} size={20} />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-controls={`${id}-slides`}
          aria-label={labels.previous}
          onClick={() => go(active - 1)}
        >
          <Icon name="chevronLeft" size={20} />
        </button>
        <div className="carousel__dots">
          {slides.map((_, index) => (
            <button
              key={index}
              type="button"
              className="carousel__dot"
              aria-controls={`${id}-slides`}
              aria-label={format(labels.goTo, { n: index + 1 })}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => go(index)}
            />
          ))}
        </div>
        <button
          type="button"
          className="icon-button"
          aria-controls={`${id}-slides`}
          aria-label={labels.next}
          onClick={() => go(active + 1)}
        >
          <Icon name="chevronRight" size={20} />
        </button>
      </div>
    </section>
  );
}
