/** The text forms of values that export writers recognise (drivers normalise to these). */

/** A decimal number as text (what drivers give for big integers and decimals). */
export const NUMERIC_TEXT = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
/** `YYYY-MM-DDTHH:MM:SS[.fff…][Z]` as the drivers normalise timestamps. */
export const ISO_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2}(?:\.\d+)?)(Z?)$/;
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
