import { useTranslation } from 'react-i18next';

/** Dodo's orange, the colour of its onboarding pictures and team tags. */
const ACCENT = '#ff6900';
const SOFT = '#ffe3cf';
const INK = '#3a3f4b';
const PAPER = '#ffffff';
const LINE = '#d9dde3';

export type IllustrationKind = 'aboutYou' | 'team';

/** Step 1's picture: a person filling in a profile card. */
function AboutYou() {
  return (
    <>
      <circle cx="160" cy="150" r="118" fill={SOFT} />
      <rect x="78" y="62" width="164" height="196" rx="14" fill={PAPER} stroke={LINE} strokeWidth="3" />
      <circle cx="160" cy="112" r="28" fill={ACCENT} />
      <circle cx="160" cy="104" r="10" fill={PAPER} />
      <path d="M142 128c4-12 32-12 36 0" fill={PAPER} />
      <rect x="104" y="156" width="112" height="10" rx="5" fill={LINE} />
      <rect x="104" y="178" width="112" height="10" rx="5" fill={LINE} />
      <rect x="104" y="200" width="72" height="10" rx="5" fill={ACCENT} opacity="0.55" />
      <rect x="104" y="222" width="112" height="16" rx="8" fill={ACCENT} />
      <g transform="rotate(40 236 196)">
        <rect x="228" y="150" width="16" height="78" rx="3" fill={INK} />
        <path d="M228 228h16l-8 16z" fill={ACCENT} />
        <rect x="228" y="150" width="16" height="12" rx="3" fill={ACCENT} />
      </g>
    </>
  );
}

/** A person of the team picture: a head and shoulders. */
function Person({ x, y, scale, color }: { x: number; y: number; scale: number; color: string }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <circle cx="0" cy="-34" r="18" fill={color} />
      <path d="M-32 20c0-30 14-42 32-42s32 12 32 42z" fill={color} />
    </g>
  );
}

/** Step 2's and 3's picture: a team under its name tag, with the use cases ticked off. */
function Team() {
  return (
    <>
      <circle cx="160" cy="150" r="118" fill={SOFT} />
      <rect x="98" y="44" width="124" height="32" rx="16" fill={ACCENT} />
      <rect x="118" y="56" width="84" height="8" rx="4" fill={PAPER} />
      <Person x={110} y={160} scale={0.85} color={INK} />
      <Person x={210} y={160} scale={0.85} color={INK} />
      <Person x={160} y={150} scale={1.05} color={ACCENT} />
      <rect x="86" y="190" width="148" height="78" rx="12" fill={PAPER} stroke={LINE} strokeWidth="3" />
      {[206, 228, 250].map((y, index) => (
        <g key={y}>
          <rect
            x="100"
            y={y - 7}
            width="14"
            height="14"
            rx="3"
            fill={index < 2 ? ACCENT : PAPER}
            stroke={ACCENT}
            strokeWidth="2"
          />
          {index < 2 && (
            <path d={`M103 ${y}l3 3 6-6`} fill="none" stroke={PAPER} strokeWidth="2" strokeLinecap="round" />
          )}
          <rect x="124" y={y - 4} width={index === 1 ? 70 : 94} height="8" rx="4" fill={LINE} />
        </g>
      ))}
    </>
  );
}

/** The picture on the right of the onboarding modal, drawn inline so it needs no image files. */
export function OnboardingIllustration({ kind }: { kind: IllustrationKind }) {
  const { t } = useTranslation();
  return (
    <svg
      role="img"
      aria-label={t(`onboarding.modal.illustration.${kind}`)}
      data-testid={`onboarding-illustration-${kind}`}
      viewBox="0 0 320 300"
      width="100%"
      style={{ maxWidth: 320 }}
    >
      {kind === 'aboutYou' ? <AboutYou /> : <Team />}
    </svg>
  );
}
