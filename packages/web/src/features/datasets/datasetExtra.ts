/**
 * Certification and warnings live in a JSON `extra` string on datasets, columns and metrics (Superset's
 * `{"certification": {"certified_by", "details"}, "warning_markdown"}`); these read and write it.
 */
export interface Certification {
  certifiedBy: string;
  details: string;
  warning: string;
}

function parse(extra: string | null | undefined): Record<string, unknown> {
  if (!extra) return {};
  try {
    const value: unknown = JSON.parse(extra);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The fields some items also carry at the top level; they win over `extra`. */
export interface CertificationFields {
  certified_by?: string | null;
  certification_details?: string | null;
  warning_text?: string | null;
}

export function readCertification(
  extra: string | null | undefined,
  fields: CertificationFields = {},
): Certification {
  const parsed = parse(extra);
  const certification = (parsed.certification ?? {}) as Record<string, unknown>;
  return {
    certifiedBy: fields.certified_by || str(certification.certified_by),
    details: fields.certification_details || str(certification.details),
    warning: fields.warning_text || str(parsed.warning_markdown),
  };
}

/** `extra` with the certification and warning replaced; other keys are kept; null when nothing is left. */
export function writeCertification(extra: string | null | undefined, value: Certification): string | null {
  const { certification: _old, warning_markdown: _warning, ...rest } = parse(extra);
  const next: Record<string, unknown> = { ...rest };
  if (value.certifiedBy.trim()) {
    next.certification = { certified_by: value.certifiedBy.trim(), details: value.details.trim() };
  }
  if (value.warning.trim()) next.warning_markdown = value.warning.trim();
  return Object.keys(next).length > 0 ? JSON.stringify(next) : null;
}

/** A currency as the API may send it: an object, or (older rows) its JSON text. */
export function readCurrency(value: unknown): { symbol: string; symbolPosition: string } | null {
  let currency = value;
  if (typeof currency === 'string') {
    try {
      currency = JSON.parse(currency);
    } catch {
      return null;
    }
  }
  if (typeof currency !== 'object' || currency === null) return null;
  const { symbol, symbolPosition } = currency as Record<string, unknown>;
  if (typeof symbol !== 'string' || !symbol) return null;
  return { symbol, symbolPosition: typeof symbolPosition === 'string' ? symbolPosition : 'prefix' };
}
