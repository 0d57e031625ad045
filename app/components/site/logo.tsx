/** The rocket mark (same drawing as the favicon); decorative next to the site name. */
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#1d4ed8" />
      <path d="M16 4c4 3 6 8 6 13l-2 4h-8l-2-4c0-5 2-10 6-13z" fill="#fff" />
      <circle cx="16" cy="13" r="2.5" fill="#1d4ed8" />
      <path d="M10.5 16.5 7 22h4.5zM21.5 16.5 25 22h-4.5z" fill="#93c5fd" />
      <path d="M13 22.5h6L16 29z" fill="#f97316" />
    </svg>
  )
}
