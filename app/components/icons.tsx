/** Inline SVG icons: no icon font or extra request. Decorative unless given a title. */
type IconProps = { className?: string; title?: string };

function Svg({ className = "h-6 w-6", title, children }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden={title ? undefined : true}
      role={title ? "img" : undefined}
    >
      {title ? <title>{title}</title> : null}
      {children}
    </svg>
  );
}

export const SearchIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Svg>
);
export const AccountIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
  </Svg>
);
export const CartIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6" />
    <circle cx="10" cy="20" r="1.3" />
    <circle cx="17" cy="20" r="1.3" />
  </Svg>
);
/** The spec's three-line menu icon. */
export const MenuIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Svg>
);
export const CloseIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Svg>
);
export const InstagramIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.5" cy="6.5" r="0.8" />
  </Svg>
);
export const TiktokIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5" />
    <path d="M14 3c.5 3 2.5 5 5.5 5" />
  </Svg>
);
/** A shape drawn solid when `filled` (a star of a rating, a saved product's heart), else as its outline. */
function FillableIcon({ filled, className, ...path }: { filled: boolean; className: string } & React.SVGProps<SVGPathElement>) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <path fill={filled ? "currentColor" : "none"} stroke="currentColor" {...path} />
    </svg>
  );
}
type FillableProps = { filled: boolean; className?: string };
export const StarIcon = ({ filled, className = "h-4 w-4" }: FillableProps) => (
  <FillableIcon filled={filled} className={className} strokeWidth={1.5} d="m12 2.8 2.8 5.9 6.4.8-4.7 4.4 1.2 6.3L12 17.1l-5.7 3.1 1.2-6.3-4.7-4.4 6.4-.8z" />
);
export const HeartIcon = ({ filled, className = "h-6 w-6" }: FillableProps) => (
  <FillableIcon
    filled={filled}
    className={className}
    strokeWidth={1.8}
    strokeLinejoin="round"
    d="M12 20.5s-7.5-4.6-9.2-9.4C1.6 7.6 3.9 4 7.4 4c2 0 3.5 1.1 4.6 2.7C13.1 5.1 14.6 4 16.6 4c3.5 0 5.8 3.6 4.6 7.1-1.7 4.8-9.2 9.4-9.2 9.4z"
  />
);
