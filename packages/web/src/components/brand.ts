/** The spec's brand colour. */
export const BRAND_COLOR = '#00A699';
