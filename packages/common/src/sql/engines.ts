/** The engine names live with the dialects (dialects/engines.ts); this is their public path. */
export * from './dialects/engines.ts';
