export function Logo({ label }: { label: string }) {
  return (
    <svg
      className="logo-mark"
      viewBox="0 0 64 64"
      width="32"
      height="32"
      role="img"
      aria-label={label}
    >
      <rect width="64" height="64" rx="14" fill="#0b5cff" />
      <path d="M14 40c8-2 14-8 18-18 2 8 8 14 18 16-9 2-16 6-20 14-3-6-8-10-16-12z" fill="#fff" />
    </svg>
  );
}
