import { useId } from 'react';

/** The Hainiao mark: a seabird over a wave. An empty label makes it decorative. */
export function Logo({ label }: { label: string }) {
  const gradient = `logo-gradient-${useId().replace(/:/g, '')}`;
  return (
    <svg
      className="logo-mark"
      viewBox="0 0 64 64"
      width="32"
      height="32"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2f7bff" />
          <stop offset="1" stopColor="#0645c4" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill={`url(#${gradient})`} />
      <path d="M12 30c6-6 12-7 20-2 8-5 14-4 20 2-7-2-13-1-20 6-7-7-13-8-20-6z" fill="#fff" />
      <path
        d="M14 46c6-3 12-3 18 0s12 3 18 0"
        stroke="#9cc2ff"
        strokeWidth="4"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
