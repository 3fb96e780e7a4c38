import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import { useThumbnail } from '../api/thumbnails.ts';

interface CardThumbnailProps {
  /** The object's `thumbnail_url`; null or missing shows the placeholder without asking. */
  url: string | null | undefined;
  /** What the picture shows, e.g. "Picture of Sales". */
  alt: string;
  /** The placeholder's name while the server draws the picture. */
  drawingLabel: string;
  /** The placeholder's name when there is no picture. */
  missingLabel: string;
  /** What to show when there is no picture (a drawing of the object's kind); a generic chart otherwise. */
  placeholder?: ReactNode;
}

const FRAME: CSSProperties = {
  display: 'block',
  width: '100%',
  height: 160,
  background: 'var(--ant-color-fill-quaternary, #fafafa)',
};

/** The picture on top of a list card: the drawn thumbnail, or a drawn placeholder until there is one. */
export function CardThumbnail({ url, alt, drawingLabel, missingLabel, placeholder }: CardThumbnailProps) {
  const thumbnail = useThumbnail(url);
  const src = useObjectUrl(thumbnail.state === 'drawn' ? thumbnail.picture : null);
  if (src) {
    // Dashboards are taller than the card: their top is what people recognise.
    return <img src={src} alt={alt} style={{ ...FRAME, objectFit: 'cover', objectPosition: 'top' }} />;
  }
  const drawing = thumbnail.state === 'drawing';
  if (!drawing && placeholder) return <>{placeholder}</>;
  return <ThumbnailPlaceholder drawing={drawing} label={drawing ? drawingLabel : missingLabel} />;
}

/** A browser URL for the picture's bytes, released when the picture changes or the card goes. */
function useObjectUrl(picture: Blob | null): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!picture) {
      setSrc(null);
      return;
    }
    const objectUrl = URL.createObjectURL(picture);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [picture]);
  return src;
}

/** A sketch of a chart: bars and a line, pulsing while the picture is being drawn. */
function ThumbnailPlaceholder({ drawing, label }: { drawing: boolean; label: string }) {
  const ink = 'var(--ant-color-text-quaternary, #d9d9d9)';
  return (
    <svg
      role="img"
      aria-label={label}
      aria-busy={drawing}
      viewBox="0 0 200 100"
      preserveAspectRatio="xMidYMid meet"
      style={FRAME}
    >
      <g fill={ink} opacity={0.6}>
        {drawing && (
          <animate attributeName="opacity" values="0.6;0.25;0.6" dur="1.6s" repeatCount="indefinite" />
        )}
        <rect x="40" y="55" width="16" height="30" rx="2" />
        <rect x="66" y="40" width="16" height="45" rx="2" />
        <rect x="92" y="62" width="16" height="23" rx="2" />
        <rect x="118" y="30" width="16" height="55" rx="2" />
        <rect x="144" y="47" width="16" height="38" rx="2" />
      </g>
      <polyline
        points="48,45 74,30 100,50 126,20 152,36"
        fill="none"
        stroke={ink}
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <line x1="32" y1="86" x2="168" y2="86" stroke={ink} strokeWidth="1.5" />
    </svg>
  );
}
