import { cn } from '@/lib/cn';

/** The mystery-box mark. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={cn('size-9', className)} aria-hidden="true">
      <defs>
        <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#a855f7" />
          <stop offset="1" stopColor="#ec4899" />
        </linearGradient>
      </defs>
      <rect x="12" y="24" width="40" height="28" rx="4" fill="url(#logo-g)" />
      <rect x="9" y="17" width="46" height="10" rx="3" fill="#c084fc" />
      <rect x="29" y="17" width="6" height="35" fill="#fde68a" />
      <path d="M32 17c-6-9-15-6-10 0zM32 17c6-9 15-6 10 0z" fill="#fde68a" />
    </svg>
  );
}
