/** The accepted-cards row of the footer: simple drawn marks, so no third-party logo files are loaded. */
const CARDS = [
  { name: "American Express", label: "AMEX", background: "#1f6fb2", ink: "#ffffff" },
  { name: "Discover", label: "DISCOVER", background: "#ffffff", ink: "#1c1c1c" },
  { name: "Mastercard", label: "mastercard", background: "#1c1c1c", ink: "#ffffff" },
  { name: "Visa", label: "VISA", background: "#1a1f71", ink: "#ffffff" },
];

export function PaymentIcons() {
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="Accepted cards">
      {CARDS.map((card) => (
        <li key={card.name}>
          <svg viewBox="0 0 60 38" width={50} height={32} role="img" aria-label={card.name}>
            <rect x="0.5" y="0.5" width="59" height="37" rx="5" fill={card.background} stroke="#9ca3af" />
            <text
              x="30"
              y="23"
              textAnchor="middle"
              fontSize={card.label.length > 5 ? 8 : 12}
              fontWeight="700"
              fontFamily="Arial, sans-serif"
              fill={card.ink}
            >
              {card.label}
            </text>
          </svg>
        </li>
      ))}
    </ul>
  );
}
